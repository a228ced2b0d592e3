package io.ichido.audit.boundary;

import io.ichido.audit.control.InvalidLogQuery;
import io.ichido.audit.entity.LogKind;
import io.ichido.audit.entity.LogQuery;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.QueryParam;
import java.time.Instant;

/**
 * The query parameters of a log search, the same for a JSON page and the CSV export. Each is
 * converted on its own by {@link SearchParamConverters}; the rules between them are checked here. A
 * class with fields, not a record: JAX-RS builds a bean parameter with its no-argument constructor.
 */
public class LogSearchParams {

  static final int MAX_SIZE = 500;

  @QueryParam("from")
  @SearchParam
  Instant from;

  @QueryParam("to")
  @SearchParam
  Instant to;

  @QueryParam("minAmount")
  @SearchParam
  Long minAmount;

  @QueryParam("maxAmount")
  @SearchParam
  Long maxAmount;

  @QueryParam("counterparty")
  @SearchParam
  String counterparty;

  @QueryParam("orderId")
  @SearchParam
  Long orderId;

  @QueryParam("gateway")
  @SearchParam
  String gateway;

  @QueryParam("status")
  @SearchParam
  String status;

  @QueryParam("idempotencyKey")
  @SearchParam
  String idempotencyKey;

  @QueryParam("kind")
  @SearchParam
  LogKind kind;

  /** The first page's head, to page on without entries appended meanwhile shifting the pages. */
  @QueryParam("asOf")
  @SearchParam
  Long asOf;

  /** The previous page's {@code next}; LogSearch tells whether it is one. */
  @QueryParam("cursor")
  @SearchParam
  String cursor;

  @QueryParam("page")
  @DefaultValue("1")
  @SearchParam
  Integer page;

  @QueryParam("size")
  @DefaultValue("50")
  @SearchParam
  Integer size;

  /** The filters, once they agree with each other. */
  LogQuery query() {
    ordered(from, to);
    if (minAmount != null && maxAmount != null && minAmount > maxAmount) {
      throw new InvalidLogQuery("maxAmount", "must not be below minAmount");
    }
    return new LogQuery(
        from,
        to,
        minAmount,
        maxAmount,
        counterparty,
        orderId,
        gateway,
        status,
        idempotencyKey,
        kind == null ? null : kind.name());
  }

  /** The period's ends, when both are given, in order: the same rule for a search and totals. */
  static void ordered(Instant from, Instant to) {
    if (from != null && to != null && !from.isBefore(to)) {
      throw new InvalidLogQuery("to", "must be after from");
    }
  }

  Long asOf() {
    if (asOf != null && asOf < 0) {
      throw new InvalidLogQuery("asOf", "must not be negative");
    }
    return asOf;
  }

  String cursor() {
    return cursor;
  }

  int page() {
    return within("page", page, Integer.MAX_VALUE);
  }

  int size() {
    return within("size", size, MAX_SIZE);
  }

  private static int within(String name, int value, int max) {
    if (value < 1 || value > max) {
      throw new InvalidLogQuery(name, "must be between 1 and " + max);
    }
    return value;
  }
}
