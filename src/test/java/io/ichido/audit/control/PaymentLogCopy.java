package io.ichido.audit.control;

import io.ichido.audit.entity.LoggedEntry;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

/**
 * Appends chained entries with one {@code COPY ... FROM STDIN} (text format): a million rows in the
 * time row-by-row inserts take for a few tens of thousands. The append-only triggers refuse UPDATE,
 * DELETE and TRUNCATE only, so COPY goes through them like the application's INSERT.
 */
final class PaymentLogCopy implements AutoCloseable {

  private static final int FLUSH_CHARS = 1 << 18;

  private final CopyIn copy;
  private final StringBuilder buffer = new StringBuilder(FLUSH_CHARS + 4096);

  PaymentLogCopy(Connection connection) throws SQLException {
    this.copy =
        connection
            .unwrap(PGConnection.class)
            .getCopyAPI()
            .copyIn("COPY payment_log (" + LogRows.COLUMNS + ") FROM STDIN");
  }

  void add(LoggedEntry e) throws SQLException {
    String separator = "";
    for (LogRows.Column column : LogRows.ENTRY) {
      buffer.append(separator);
      field(column.of(e));
      separator = "\t";
    }
    buffer.append('\n');
    if (buffer.length() >= FLUSH_CHARS) {
      flush();
    }
  }

  /** Ends the COPY; the rows are committed with it (auto-commit). */
  @Override
  public void close() throws SQLException {
    flush();
    copy.endCopy();
  }

  private void field(Object value) {
    if (value == null) {
      buffer.append("\\N");
      return;
    }
    String text = value.toString();
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '\\' -> buffer.append("\\\\");
        case '\t' -> buffer.append("\\t");
        case '\n' -> buffer.append("\\n");
        case '\r' -> buffer.append("\\r");
        default -> buffer.append(c);
      }
    }
  }

  private void flush() throws SQLException {
    byte[] bytes = buffer.toString().getBytes(StandardCharsets.UTF_8);
    copy.writeToCopy(bytes, 0, bytes.length);
    buffer.setLength(0);
  }
}
