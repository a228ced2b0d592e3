package io.ichido.audit.control;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import javax.sql.DataSource;

/** One round of the sequencer, in a transaction of its own. */
@ApplicationScoped
public class LogSequencing {

  /**
   * Held by the one sequencer that is chaining, in whichever server, until its round commits. No
   * writer of facts takes it.
   */
  static final long SEQUENCER_LOCK = 0x1c41d0_0003L;

  /** What {@link #chainNext} answers when another sequencer is chaining right now. */
  static final int ANOTHER_SEQUENCER = -1;

  @Resource(lookup = "jdbc/ichido")
  DataSource dataSource;

  @Inject CheckpointSigner checkpoints;

  /**
   * Chains up to {@code batch} of the oldest pending facts, unless another sequencer holds the
   * lock; then signs a checkpoint of the head if one is due, also when nothing was pending (the
   * interval may have passed since the last facts were chained).
   *
   * @return how many facts were chained, or {@link #ANOTHER_SEQUENCER}
   */
  @Transactional(TxType.REQUIRES_NEW)
  public int chainNext(int batch) {
    try (Connection connection = dataSource.getConnection()) {
      if (!sequencerLock(connection)) {
        return ANOTHER_SEQUENCER;
      }
      List<PendingFacts.Pending> facts = PendingFacts.oldest(connection, batch);
      if (!facts.isEmpty()) {
        LogChain.append(connection, facts);
        PendingFacts.remove(connection, facts);
      }
      checkpoints.signIfDue(connection);
      return facts.size();
    } catch (SQLException e) {
      throw new IllegalStateException("The sequencer could not chain pending facts", e);
    }
  }

  /** How many facts wait for the sequencer, and since when the oldest ({@code null}: none). */
  public record Backlog(long facts, Instant oldest) {}

  /** How many facts wait for the sequencer, and since when. */
  @Transactional(TxType.REQUIRES_NEW)
  public Backlog backlog() {
    try (Connection connection = dataSource.getConnection()) {
      return PendingFacts.backlog(connection);
    } catch (SQLException e) {
      throw new IllegalStateException("Reading the sequencer's backlog failed", e);
    }
  }

  private static boolean sequencerLock(Connection connection) throws SQLException {
    try (PreparedStatement lock =
        connection.prepareStatement("SELECT pg_try_advisory_xact_lock(?)")) {
      lock.setLong(1, SEQUENCER_LOCK);
      try (ResultSet row = lock.executeQuery()) {
        row.next();
        return row.getBoolean(1);
      }
    }
  }
}
