package io.ichido.audit.control;

import io.ichido.audit.entity.LogEntry;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code payment_log_pending}: where a fact's own transaction writes it. An insert takes no lock
 * that another writer waits for; the sequencer takes facts out only in the transaction that chains
 * them.
 */
final class PendingFacts {

  private static final String INSERT =
      """
      INSERT INTO payment_log_pending (kind, order_id, counterparty, amount, currency, gateway,
        charge_id, idempotency_key, status, actor, details, tax, corrects)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """;

  private static final String OLDEST =
      """
      SELECT fact_id, recorded_at, kind, order_id, counterparty, amount, currency, gateway,
        charge_id, idempotency_key, status, actor, details, tax, corrects
      FROM payment_log_pending ORDER BY fact_id LIMIT ?
      """;

  private PendingFacts() {}

  static void insert(Connection connection, List<LogEntry> entries) throws SQLException {
    try (PreparedStatement insert = connection.prepareStatement(INSERT)) {
      for (LogEntry entry : entries) {
        PendingFact fact = PendingFact.of(0, null, entry);
        insert.setString(1, fact.kind());
        setLong(insert, 2, fact.orderId());
        insert.setString(3, fact.counterparty());
        setLong(insert, 4, fact.amount());
        insert.setString(5, fact.currency());
        insert.setString(6, fact.gateway());
        insert.setString(7, fact.chargeId());
        insert.setString(8, fact.idempotencyKey());
        insert.setString(9, fact.status());
        insert.setString(10, fact.actor());
        insert.setString(11, fact.details());
        insert.setString(12, fact.tax());
        setLong(insert, 13, fact.corrects());
        insert.addBatch();
      }
      insert.executeBatch();
    }
  }

  /** The committed facts that wait longest, oldest first. */
  static List<PendingFact> oldest(Connection connection, int limit) throws SQLException {
    List<PendingFact> facts = new ArrayList<>();
    try (PreparedStatement select = connection.prepareStatement(OLDEST)) {
      select.setInt(1, limit);
      try (ResultSet row = select.executeQuery()) {
        while (row.next()) {
          facts.add(
              new PendingFact(
                  row.getLong(1),
                  row.getObject(2, OffsetDateTime.class).toInstant(),
                  row.getString(3),
                  nullableLong(row, 4),
                  row.getString(5),
                  nullableLong(row, 6),
                  row.getString(7),
                  row.getString(8),
                  row.getString(9),
                  row.getString(10),
                  row.getString(11),
                  row.getString(12),
                  row.getString(13),
                  row.getString(14),
                  nullableLong(row, 15)));
        }
      }
    }
    return facts;
  }

  static void remove(Connection connection, List<PendingFact> chained) throws SQLException {
    Long[] ids = chained.stream().map(PendingFact::factId).toArray(Long[]::new);
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
                "SELECT count(*), min(recorded_at) FROM payment_log_pending");
        ResultSet row = select.executeQuery()) {
      row.next();
      OffsetDateTime oldest = row.getObject(2, OffsetDateTime.class);
      return new LogSequencing.Backlog(row.getLong(1), oldest == null ? null : oldest.toInstant());
    }
  }

  static void setLong(PreparedStatement statement, int index, Long value) throws SQLException {
    if (value == null) {
      statement.setNull(index, Types.BIGINT);
    } else {
      statement.setLong(index, value);
    }
  }

  private static Long nullableLong(ResultSet row, int column) throws SQLException {
    long value = row.getLong(column);
    return row.wasNull() ? null : value;
  }
}
