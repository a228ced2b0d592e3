package io.ichido.idempotency.control;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * A statement written with numbered parameters ({@code ?1}, a number used as often as needed), as
 * JPA's native queries take them, made into JDBC's ({@code ?}, one per use, in order), so that the
 * hot path can run the same text on the persistence context's own connection without a JPA query
 * object around it.
 *
 * @param jdbc the text with each {@code ?N} replaced by {@code ?}
 * @param order the number of each {@code ?} in turn
 */
record PositionalSql(String jdbc, int[] order) {

  static PositionalSql of(String numbered) {
    StringBuilder jdbc = new StringBuilder(numbered.length());
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < numbered.length(); i++) {
      char c = numbered.charAt(i);
      int digits = i + 1;
      while (c == '?' && digits < numbered.length() && Character.isDigit(numbered.charAt(digits))) {
        digits++;
      }
      if (c == '?' && digits > i + 1) {
        order.add(Integer.parseInt(numbered, i + 1, digits, 10));
        jdbc.append('?');
        i = digits - 1;
      } else {
        jdbc.append(c);
      }
    }
    return new PositionalSql(jdbc.toString(), order.stream().mapToInt(Integer::intValue).toArray());
  }

  /**
   * The statement on {@code connection} with {@code values[N - 1]} bound to each {@code ?N}. Nulls
   * are bound with the type the statement casts them to (text, bytea, bigint).
   */
  PreparedStatement prepare(Connection connection, Object... values) throws SQLException {
    PreparedStatement statement = connection.prepareStatement(jdbc);
    try {
      for (int i = 0; i < order.length; i++) {
        bind(statement, i + 1, values[order[i] - 1]);
      }
      return statement;
    } catch (SQLException | RuntimeException e) {
      statement.close();
      throw e;
    }
  }

  private static void bind(PreparedStatement statement, int at, Object value) throws SQLException {
    if (value == null) {
      statement.setNull(at, Types.NULL);
    } else if (value instanceof String text) {
      statement.setString(at, text);
    } else if (value instanceof Long number) {
      statement.setLong(at, number);
    } else if (value instanceof Integer number) {
      statement.setInt(at, number);
    } else if (value instanceof Boolean flag) {
      statement.setBoolean(at, flag);
    } else if (value instanceof byte[] bytes) {
      statement.setBytes(at, bytes);
    } else if (value instanceof UUID uuid) {
      statement.setObject(at, uuid);
    } else {
      throw new IllegalArgumentException("Cannot bind a " + value.getClass().getName());
    }
  }
}
