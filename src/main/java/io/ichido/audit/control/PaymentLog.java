package io.ichido.audit.control;

import io.ichido.audit.entity.LoggedEntry;
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

  /** Adds an entry, a fact {@link NewEntry} built, to the caller's transaction. */
  @Transactional(TxType.MANDATORY)
  public void record(LoggedEntry entry) {
    if (entry.seq() != 0 || entry.hash() != null) {
      // Only the sequencer gives a place; an entry read back is never appended again.
      throw new IllegalArgumentException("Entry " + entry.seq() + " is already in the chain");
    }
    @SuppressWarnings("unchecked")
    List<LoggedEntry> pending = (List<LoggedEntry>) transactions.getResource(PENDING);
    if (pending == null) {
      List<LoggedEntry> batch = new ArrayList<>();
      transactions.putResource(PENDING, batch);
      transactions.registerInterposedSynchronization(new ChainOnCommit(batch));
      pending = batch;
    }
    pending.add(entry);
  }

  /** For facts that change nothing else (a search, an access denied, a key first reused). */
  @Transactional(TxType.REQUIRES_NEW)
  public void recordAlone(LoggedEntry entry) {
    record(entry);
  }

  /** Writes the transaction's entries as its last statements; a failure fails the commit. */
  private final class ChainOnCommit implements Synchronization {

    private final List<LoggedEntry> batch;

    ChainOnCommit(List<LoggedEntry> batch) {
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
