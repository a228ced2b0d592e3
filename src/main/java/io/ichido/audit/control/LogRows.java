package io.ichido.audit.control;

import io.ichido.audit.entity.LoggedEntry;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The payment log's row and {@link LoggedEntry}, mapped in one place by column name: the pending
 * facts, the chain and the benchmark's COPY write these columns, and every read of an entry goes
 * through {@link #read} or {@link #pending}. A new column is one constant here and one record
 * component; a statement that leaves a column out fails when it runs instead of shifting the rest.
 */
public final class LogRows {

  /** A column of {@code payment_log}, its SQL type, and the field of the entry it holds. */
  enum Column {
    SEQ("seq", Types.BIGINT, LoggedEntry::seq),
    LOGGED_AT("logged_at", Types.TIMESTAMP_WITH_TIMEZONE, e -> utc(e.loggedAt())),
    KIND("kind", Types.VARCHAR, LoggedEntry::kind),
    ORDER_ID("order_id", Types.BIGINT, LoggedEntry::orderId),
    COUNTERPARTY("counterparty", Types.VARCHAR, LoggedEntry::counterparty),
    AMOUNT("amount", Types.BIGINT, LoggedEntry::amount),
    CURRENCY("currency", Types.VARCHAR, LoggedEntry::currency),
    GATEWAY("gateway", Types.VARCHAR, LoggedEntry::gateway),
    CHARGE_ID("charge_id", Types.VARCHAR, LoggedEntry::chargeId),
    IDEMPOTENCY_KEY("idempotency_key", Types.VARCHAR, LoggedEntry::idempotencyKey),
    STATUS("status", Types.VARCHAR, LoggedEntry::status),
    ACTOR("actor", Types.VARCHAR, LoggedEntry::actor),
    DETAILS("details", Types.VARCHAR, LoggedEntry::details),
    TAX("tax", Types.VARCHAR, LoggedEntry::tax),
    CORRECTS("corrects", Types.BIGINT, LoggedEntry::corrects),
    PREV_HASH("prev_hash", Types.VARCHAR, LoggedEntry::prevHash),
    HASH("hash", Types.VARCHAR, LoggedEntry::hash);

    final String column;
    private final int sqlType;
    private final Function<LoggedEntry, Object> value;

    Column(String column, int sqlType, Function<LoggedEntry, Object> value) {
      this.column = column;
      this.sqlType = sqlType;
      this.value = value;
    }

    /** The entry's value as JDBC takes it (a time as UTC offset date-time), or null. */
    Object of(LoggedEntry entry) {
      return value.apply(entry);
    }
  }

  /** Every column of an entry in {@code payment_log}. */
  static final List<Column> ENTRY = List.of(Column.values());

  /**
   * What a fact says, without its place in the chain: the columns of {@code payment_log_pending}.
   */
  static final List<Column> FACT = List.copyOf(EnumSet.range(Column.KIND, Column.CORRECTS));

  /** The column list of {@code payment_log}, for a SELECT or a COPY. */
  public static final String COLUMNS = names(ENTRY);

  private LogRows() {}

  static String names(List<Column> columns) {
    return columns.stream().map(c -> c.column).collect(Collectors.joining(", "));
  }

  /**
   * {@code INSERT INTO table (columns[, extra]) VALUES (?, ...[, extraValue])}, for {@link #bind}.
   */
  static String insert(String table, List<Column> columns, String extra, String extraValue) {
    String marks = String.join(", ", Collections.nCopies(columns.size(), "?"));
    return "INSERT INTO "
        + table
        + " ("
        + names(columns)
        + (extra == null ? "" : ", " + extra)
        + ") VALUES ("
        + marks
        + (extra == null ? "" : ", " + extraValue)
        + ")";
  }

  /** Sets the statement's first parameters to the entry's values of {@code columns}, in order. */
  static void bind(PreparedStatement statement, List<Column> columns, LoggedEntry entry)
      throws SQLException {
    for (int i = 0; i < columns.size(); i++) {
      Column column = columns.get(i);
      Object value = column.of(entry);
      if (value == null) {
        statement.setNull(i + 1, column.sqlType);
      } else {
        statement.setObject(i + 1, value);
      }
    }
  }

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
        connection.prepareStatement("SELECT " + COLUMNS + " FROM payment_log WHERE seq = ?")) {
      query.setLong(1, seq);
      try (ResultSet row = query.executeQuery()) {
        return row.next() ? Optional.of(read(row)) : Optional.empty();
      }
    }
  }

  /** The entry on a row of {@code payment_log} holding at least {@link #COLUMNS}. */
  static LoggedEntry read(ResultSet row) throws SQLException {
    return fact(row)
        .at(
            row.getLong(Column.SEQ.column),
            instant(row, Column.LOGGED_AT.column),
            string(row, Column.PREV_HASH))
        .withHash(string(row, Column.HASH));
  }

  /**
   * The fact on a row of {@code payment_log_pending} holding at least {@link #FACT}, not yet
   * placed; its time is when it was written.
   */
  static LoggedEntry pending(ResultSet row) throws SQLException {
    return fact(row).at(0, instant(row, "recorded_at"), null);
  }

  private static LoggedEntry fact(ResultSet row) throws SQLException {
    return new LoggedEntry(
        0,
        null,
        string(row, Column.KIND),
        nullableLong(row, Column.ORDER_ID),
        string(row, Column.COUNTERPARTY),
        nullableLong(row, Column.AMOUNT),
        string(row, Column.CURRENCY),
        string(row, Column.GATEWAY),
        string(row, Column.CHARGE_ID),
        string(row, Column.IDEMPOTENCY_KEY),
        string(row, Column.STATUS),
        string(row, Column.ACTOR),
        string(row, Column.DETAILS),
        string(row, Column.TAX),
        nullableLong(row, Column.CORRECTS),
        null,
        null);
  }

  private static String string(ResultSet row, Column column) throws SQLException {
    return row.getString(column.column);
  }

  private static Long nullableLong(ResultSet row, Column column) throws SQLException {
    long value = row.getLong(column.column);
    return row.wasNull() ? null : value;
  }

  /** A {@code TIMESTAMPTZ} column by name; null when NULL. */
  static Instant instant(ResultSet row, String column) throws SQLException {
    OffsetDateTime at = row.getObject(column, OffsetDateTime.class);
    return at == null ? null : at.toInstant();
  }

  private static OffsetDateTime utc(Instant at) {
    return at == null ? null : at.atOffset(ZoneOffset.UTC);
  }
}
