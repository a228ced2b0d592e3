package io.ichido.audit.control;

import io.ichido.audit.entity.LoggedEntry;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code payment_log_pending}: where a fact's own transaction writes it. An insert takes no lock
 * that another writer waits for; the sequencer takes facts out only in the transaction that chains
 * them.
 */
final class PendingFacts {

  private static final String INSERT =
      LogRows.insert("payment_log_pending", LogRows.FACT, null, null);

  private static final String OLDEST =
      "SELECT fact_id, recorded_at, "
          + LogRows.names(LogRows.FACT)
          + " FROM payment_log_pending ORDER BY fact_id LIMIT ?";

  /** A committed fact waiting for its place in the chain, by the id of its pending row. */
  record Pending(long factId, LoggedEntry fact) {}

  private PendingFacts() {}

  static void insert(Connection connection, List<LoggedEntry> facts) throws SQLException {
    try (PreparedStatement insert = connection.prepareStatement(INSERT)) {
      for (LoggedEntry fact : facts) {
        LogRows.bind(insert, LogRows.FACT, fact);
        insert.addBatch();
      }
      insert.executeBatch();
    }
  }

  /** The committed facts that wait longest, oldest first. */
  static List<Pending> oldest(Connection connection, int limit) throws SQLException {
    List<Pending> facts = new ArrayList<>();
    try (PreparedStatement select = connection.prepareStatement(OLDEST)) {
      select.setInt(1, limit);
      try (ResultSet row = select.executeQuery()) {
        while (row.next()) {
          facts.add(new Pending(row.getLong("fact_id"), LogRows.pending(row)));
        }
      }
    }
    return facts;
  }

  static void remove(Connection connection, List<Pending> chained) throws SQLException {
    Long[] ids = chained.stream().map(Pending::factId).toArray(Long[]::new);
    try (PreparedStatement delete =
        connection.prepareStatement("DELETE FROM payment_log_pending WHERE fact_id = ANY (?)")) {
      delete.setArray(1, connection.createArrayOf("bigint", ids));
      int removed = delete.executeUpdate();
      if (removed != ids.length) {
        // Two sequencers at once: the lock that makes them one has failed. Chain nothing.
        throw new IllegalStateException(
            "Chained " + ids.length + " facts but only " + removed + " were still pending");
      }
    }
  }

  /** How many facts wait, and since when the oldest of them; null when none. */
  static LogSequencing.Backlog backlog(Connection connection) throws SQLException {
    try (PreparedStatement select =
            connection.prepareStatement(
                "SELECT count(*) AS facts, min(recorded_at) AS oldest FROM payment_log_pending");
        ResultSet row = select.executeQuery()) {
      row.next();
      return new LogSequencing.Backlog(row.getLong("facts"), LogRows.instant(row, "oldest"));
    }
  }
}
