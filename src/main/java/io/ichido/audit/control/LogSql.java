package io.ichido.audit.control;

import io.ichido.audit.entity.LogQuery;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * The SQL of a log search: the query's filters ANDed, newest first. Plain JDBC text and parameters,
 * so the search benchmark runs exactly what the API runs.
 *
 * @param sql the statement
 * @param parameters its parameters, in order
 */
public record LogSql(String sql, List<Object> parameters) {

  /** Where a keyset page ends: the next page holds what came before this entry. */
  public record Cursor(Instant loggedAt, long seq) {}

  /**
   * @param asOf only entries up to this sequence number: later appends never shift a result set
   * @param after the previous page's cursor, or null for the first page
   * @param offset rows to skip (numbered pages); 0 with a cursor
   * @param limit rows at most; 0 for all (the CSV export)
   */
  public static LogSql search(LogQuery query, long asOf, Cursor after, long offset, int limit) {
    StringBuilder sql =
        new StringBuilder("SELECT ").append(LogRows.COLUMNS).append(" FROM payment_log");
    List<Object> parameters = new ArrayList<>();
    List<String> where = new ArrayList<>();
    where.add("seq <= ?");
    parameters.add(asOf);
    if (query.from() != null) {
      where.add("logged_at >= ?");
      parameters.add(query.from().atOffset(ZoneOffset.UTC));
    }
    if (query.to() != null) {
      where.add("logged_at < ?");
      parameters.add(query.to().atOffset(ZoneOffset.UTC));
    }
    equal(where, parameters, "amount >= ?", query.minAmount());
    equal(where, parameters, "amount <= ?", query.maxAmount());
    equal(where, parameters, "counterparty = ?", query.counterparty());
    equal(where, parameters, "order_id = ?", query.orderId());
    equal(where, parameters, "gateway = ?", query.gateway());
    equal(where, parameters, "status = ?", query.status());
    equal(where, parameters, "idempotency_key = ?", query.idempotencyKey());
    equal(where, parameters, "kind = ?", query.kind());
    if (after != null) {
      where.add("(logged_at, seq) < (?, ?)");
      parameters.add(after.loggedAt().atOffset(ZoneOffset.UTC));
      parameters.add(after.seq());
    }
    sql.append(" WHERE ").append(String.join(" AND ", where));
    sql.append(" ORDER BY logged_at DESC, seq DESC");
    if (limit > 0) {
      sql.append(" LIMIT ?");
      parameters.add(limit);
    }
    if (offset > 0) {
      sql.append(" OFFSET ?");
      parameters.add(offset);
    }
    return new LogSql(sql.toString(), List.copyOf(parameters));
  }

  private static void equal(List<String> where, List<Object> parameters, String clause, Object v) {
    if (v != null) {
      where.add(clause);
      parameters.add(v);
    }
  }
}
