package io.ichido.audit.control;

import io.ichido.audit.entity.LogEntry;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

/**
 * Records facts in the payment log, in the transaction of the fact. Entries are collected while the
 * transaction runs and written just before it commits, to the pending facts: a transaction that
 * rolls back leaves no entry, and no writer waits for another. The {@link LogSequencer} chains them
 * moments later.
 */
@ApplicationScoped
public class PaymentLog {

  private static final Object PENDING = PaymentLog.class.getName() + ".pending";

  @Resource TransactionSynchronizationRegistry transactions;

  @Resource(lookup = "jdbc/ichido")
  DataSource dataSource;

  /** Adds an entry to the caller's transaction. */
  @Transactional(TxType.MANDATORY)
  public void record(LogEntry entry) {
    @SuppressWarnings("unchecked")
    List<LogEntry> pending = (List<LogEntry>) transactions.getResource(PENDING);
    if (pending == null) {
      List<LogEntry> batch = new ArrayList<>();
      transactions.putResource(PENDING, batch);
      transactions.registerInterposedSynchronization(new ChainOnCommit(batch));
      pending = batch;
    }
    pending.add(entry);
  }

  /** For facts that change nothing else (a search, an access denied, a key first reused). */
  @Transactional(TxType.REQUIRES_NEW)
  public void recordAlone(LogEntry entry) {
    record(entry);
  }

  /** Writes the transaction's entries as its last statements; a failure fails the commit. */
  private final class ChainOnCommit implements Synchronization {

    private final List<LogEntry> batch;

    ChainOnCommit(List<LogEntry> batch) {
      this.batch = batch;
    }

    @Override
    public void beforeCompletion() {
      if (transactions.getRollbackOnly() || batch.isEmpty()) {
        return;
      }
      try (Connection connection = dataSource.getConnection()) {
        PendingFacts.insert(connection, batch);
      } catch (SQLException e) {
        transactions.setRollbackOnly();
        throw new IllegalStateException("The payment log refused the entries; rolling back", e);
      }
    }

    @Override
    public void afterCompletion(int status) {
      // nothing to release: no lock was taken
    }
  }
}
