package io.ichido.audit.control;

import io.ichido.audit.entity.LoggedEntry;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;

/** Reading entries back through JDBC. */
public final class LogRows {

  private LogRows() {}

  static PreparedStatement prepare(Connection connection, LogSql sql, int fetchSize)
      throws SQLException {
    PreparedStatement statement = connection.prepareStatement(sql.sql());
    List<Object> parameters = sql.parameters();
    for (int i = 0; i < parameters.size(); i++) {
      statement.setObject(i + 1, parameters.get(i));
    }
    // With auto-commit off (inside the transaction) PostgreSQL streams through a cursor.
    statement.setFetchSize(fetchSize);
    return statement;
  }

  /**
   * Entry {@code seq} as stored, read as verify reads it (tests rewrite entries behind the log's
   * back with it); empty when there is none.
   */
  public static Optional<LoggedEntry> entry(Connection connection, long seq) throws SQLException {
    try (PreparedStatement query =
        connection.prepareStatement(
            "SELECT " + LogSql.COLUMNS + " FROM payment_log WHERE seq = ?")) {
      query.setLong(1, seq);
      try (ResultSet row = query.executeQuery()) {
        return row.next() ? Optional.of(read(row)) : Optional.empty();
      }
    }
  }

  static LoggedEntry read(ResultSet row) throws SQLException {
    return new LoggedEntry(
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
        nullableLong(row, 15),
        row.getString(16),
        row.getString(17));
  }

  private static Long nullableLong(ResultSet row, int column) throws SQLException {
    long value = row.getLong(column);
    return row.wasNull() ? null : value;
  }
}
