package io.ichido.audit.control;

import io.ichido.audit.entity.Checkpoint;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;

/** Checkpoints through JDBC: written by the sequencer, read by verify and the auditors' API. */
final class Checkpoints {

  private static final String COLUMNS = "seq, hash, signed_at, key_id, signature";

  /** What the sequencer looks at to decide: the head, the last checkpoint, the database's time. */
  record Round(long head, String headHash, CheckpointSchedule.Last last, Instant now) {}

  private Checkpoints() {}

  static Round round(Connection connection) throws SQLException {
    try (PreparedStatement statement =
            connection.prepareStatement(
                """
                SELECT p.seq AS head, p.hash AS head_hash, c.seq AS last_seq,
                  c.signed_at AS last_signed_at, clock_timestamp() AS now
                FROM (SELECT 1) AS one
                LEFT JOIN (SELECT seq, hash FROM payment_log ORDER BY seq DESC LIMIT 1) p ON true
                LEFT JOIN (SELECT seq, signed_at FROM payment_log_checkpoint
                           ORDER BY seq DESC LIMIT 1) c ON true
                """);
        ResultSet row = statement.executeQuery()) {
      row.next();
      long head = row.getLong("head");
      String headHash = row.getString("head_hash");
      long lastSeq = row.getLong("last_seq");
      CheckpointSchedule.Last last =
          row.wasNull()
              ? null
              : new CheckpointSchedule.Last(lastSeq, LogRows.instant(row, "last_signed_at"));
      return new Round(head, headHash, last, LogRows.instant(row, "now"));
    }
  }

  /** Inserts unless a checkpoint of that entry exists: one already there never stops the chain. */
  static boolean insert(Connection connection, Checkpoint checkpoint) throws SQLException {
    try (PreparedStatement insert =
        connection.prepareStatement(
            "INSERT INTO payment_log_checkpoint ("
                + COLUMNS
                + ") VALUES (?, ?, ?, ?, ?)"
                + " ON CONFLICT (seq) DO NOTHING")) {
      insert.setLong(1, checkpoint.seq());
      insert.setString(2, checkpoint.hash());
      insert.setObject(3, checkpoint.signedAt().atOffset(ZoneOffset.UTC));
      insert.setString(4, checkpoint.keyId());
      insert.setBytes(5, checkpoint.signatureBytes());
      return insert.executeUpdate() == 1;
    }
  }

  static Optional<Checkpoint> at(Connection connection, long seq) throws SQLException {
    List<Checkpoint> found =
        list(connection, "SELECT " + COLUMNS + " FROM payment_log_checkpoint WHERE seq = ?", seq);
    return found.stream().findFirst();
  }

  /** Checkpoints with {@code after < seq <= upTo}, oldest first. */
  static List<Checkpoint> between(Connection connection, long after, long upTo)
      throws SQLException {
    return list(
        connection,
        "SELECT "
            + COLUMNS
            + " FROM payment_log_checkpoint WHERE seq > ? AND seq <= ? ORDER BY seq",
        after,
        upTo);
  }

  /** Newest first, those before {@code before} (null: from the newest), {@code limit} at most. */
  static List<Checkpoint> newest(Connection connection, Long before, int limit)
      throws SQLException {
    return list(
        connection,
        "SELECT "
            + COLUMNS
            + " FROM payment_log_checkpoint WHERE seq < ? ORDER BY seq DESC LIMIT ?",
        before == null ? Long.MAX_VALUE : before,
        limit);
  }

  private static List<Checkpoint> list(Connection connection, String sql, Object... parameters)
      throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      for (int i = 0; i < parameters.length; i++) {
        statement.setObject(i + 1, parameters[i]);
      }
      List<Checkpoint> found = new ArrayList<>();
      try (ResultSet rows = statement.executeQuery()) {
        while (rows.next()) {
          found.add(
              new Checkpoint(
                  rows.getLong("seq"),
                  rows.getString("hash"),
                  LogRows.instant(rows, "signed_at"),
                  rows.getString("key_id"),
                  Base64.getEncoder().encodeToString(rows.getBytes("signature"))));
        }
      }
      return found;
    }
  }
}
