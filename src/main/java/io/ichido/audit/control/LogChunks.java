package io.ichido.audit.control;

import io.ichido.audit.entity.Checkpoint;
import io.ichido.audit.entity.LoggedEntry;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * Reads the chain a chunk at a time, each in a short transaction of its own: a walk over years of
 * entries is bound by no transaction timeout and holds one chunk in memory. Entries are only ever
 * appended, so chunks read one after another see one chain.
 */
@ApplicationScoped
public class LogChunks {

  @Resource(lookup = "jdbc/ichido")
  DataSource dataSource;

  /** Entries {@code after < seq <= upTo}, and the checkpoints among them. */
  public record Chunk(List<LoggedEntry> entries, List<Checkpoint> checkpoints) {}

  /** The newest entry's and the newest checkpoint's seq, read together; 0 for none. */
  public record Ends(long lastEntry, long lastCheckpoint) {}

  @Transactional(TxType.REQUIRES_NEW)
  public Ends ends() {
    try (Connection connection = dataSource.getConnection();
        PreparedStatement statement =
            connection.prepareStatement(
                "SELECT COALESCE((SELECT max(seq) FROM payment_log), 0) AS last_entry,"
                    + " COALESCE((SELECT max(seq) FROM payment_log_checkpoint), 0)"
                    + " AS last_checkpoint");
        ResultSet row = statement.executeQuery()) {
      row.next();
      return new Ends(row.getLong("last_entry"), row.getLong("last_checkpoint"));
    } catch (SQLException e) {
      throw new IllegalStateException("Reading the payment log's head failed", e);
    }
  }

  @Transactional(TxType.REQUIRES_NEW)
  public Chunk after(long after, long upTo, int limit) {
    try (Connection connection = dataSource.getConnection();
        PreparedStatement statement =
            connection.prepareStatement(
                "SELECT "
                    + LogRows.COLUMNS
                    + " FROM payment_log WHERE seq > ? AND seq <= ? ORDER BY seq LIMIT ?")) {
      statement.setLong(1, after);
      statement.setLong(2, upTo);
      statement.setInt(3, limit);
      List<LoggedEntry> entries = new ArrayList<>(limit);
      try (ResultSet rows = statement.executeQuery()) {
        while (rows.next()) {
          entries.add(LogRows.read(rows));
        }
      }
      List<Checkpoint> checkpoints =
          entries.isEmpty()
              ? List.of()
              : Checkpoints.between(connection, after, entries.get(entries.size() - 1).seq());
      return new Chunk(entries, checkpoints);
    } catch (SQLException e) {
      throw new IllegalStateException("Reading the payment log failed", e);
    }
  }

  @Transactional(TxType.REQUIRES_NEW)
  public Optional<Checkpoint> checkpoint(long seq) {
    try (Connection connection = dataSource.getConnection()) {
      return Checkpoints.at(connection, seq);
    } catch (SQLException e) {
      throw new IllegalStateException("Reading the payment log's checkpoints failed", e);
    }
  }

  /** Newest first, those before {@code before} (null: from the newest). */
  @Transactional(TxType.REQUIRES_NEW)
  public List<Checkpoint> checkpoints(Long before, int limit) {
    try (Connection connection = dataSource.getConnection()) {
      return Checkpoints.newest(connection, before, limit);
    } catch (SQLException e) {
      throw new IllegalStateException("Reading the payment log's checkpoints failed", e);
    }
  }
}
