package io.ichido.audit.boundary;

import io.ichido.audit.entity.LoggedEntry;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;

/**
 * RFC 4180 CSV in UTF-8 with a byte-order mark, which is what makes Excel in Japan read it as UTF-8
 * rather than Shift_JIS. Text cells that a spreadsheet would take for a formula get a leading
 * apostrophe.
 */
final class LogCsv implements AutoCloseable {

  static final String HEADER =
      "seq,logged_at,kind,order_id,counterparty,amount,currency,gateway,charge_id,"
          + "idempotency_key,status,actor,details,tax,corrects,prev_hash,hash";

  private final Writer out;

  LogCsv(OutputStream stream) throws IOException {
    this.out = new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8), 1 << 16);
    out.write('\uFEFF');
    out.write(HEADER);
    out.write("\r\n");
  }

  void write(LoggedEntry e) throws IOException {
    out.write(Long.toString(e.seq()));
    cell(e.loggedAt().toString());
    cell(e.kind());
    cell(e.orderId());
    text(e.counterparty());
    cell(e.amount());
    cell(e.currency());
    cell(e.gateway());
    text(e.chargeId());
    text(e.idempotencyKey());
    cell(e.status());
    text(e.actor());
    text(e.details());
    text(e.tax());
    cell(e.corrects());
    cell(e.prevHash());
    cell(e.hash());
    out.write("\r\n");
  }

  /**
   * Numbers as they are; any text guarded like {@link #text}: even our own columns (a correction's
   * status is an auditor's free text) must never reach a spreadsheet as a formula.
   */
  private void cell(Object value) throws IOException {
    if (value == null || value instanceof Number) {
      out.write(',');
      if (value != null) {
        out.write(value.toString());
      }
    } else {
      text(value.toString());
    }
  }

  /** Text a caller or customer chose: guarded against formula injection. */
  private void text(String value) throws IOException {
    out.write(',');
    if (value != null) {
      boolean formula = !value.isEmpty() && "=+-@\t\r".indexOf(value.charAt(0)) >= 0;
      out.write(quoted(formula ? "'" + value : value));
    }
  }

  private static String quoted(String value) {
    if (value.indexOf(',') < 0
        && value.indexOf('"') < 0
        && value.indexOf('\n') < 0
        && value.indexOf('\r') < 0) {
      return value;
    }
    return '"' + value.replace("\"", "\"\"") + '"';
  }

  @Override
  public void close() throws IOException {
    out.flush();
  }
}
