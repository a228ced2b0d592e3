package io.ichido.audit.boundary;

import io.ichido.audit.control.InvalidLogQuery;
import io.ichido.audit.control.LogEntryNotFound;
import io.ichido.audit.control.LogSearch;
import io.ichido.audit.control.PaymentLog;
import io.ichido.audit.entity.ChainReport;
import io.ichido.audit.entity.LogEntry;
import io.ichido.audit.entity.LogKind;
import io.ichido.audit.entity.LogPage;
import io.ichido.audit.entity.LogQuery;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.StreamingOutput;
import jakarta.ws.rs.core.UriInfo;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Locale;

/**
 * {@code /api/audit/payment-log}: search (JSON pages or a CSV export), verify the chain, record a
 * correction. Every call is itself logged, with who made it and what it asked.
 */
@Path("audit/payment-log")
@AuditorOnly
public class PaymentLogResource {

  static final String CSV = "text/csv";

  /** Whoever accepts anything (curl's default) gets JSON; the CSV must be asked for. */
  static final String CSV_ON_REQUEST = CSV + ";qs=0.5";

  private static final int DEFAULT_SIZE = 50;
  private static final int MAX_SIZE = 500;

  @Inject LogSearch search;
  @Inject PaymentLog log;
  @Context SecurityContext security;
  @Context UriInfo uri;

  @GET
  @Produces(MediaType.APPLICATION_JSON)
  public LogPage search(
      @QueryParam("page") String page,
      @QueryParam("size") String size,
      @QueryParam("asOf") String asOf,
      @QueryParam("cursor") String cursor) {
    LogQuery query = query();
    int pageNumber = positive("page", page, 1, Integer.MAX_VALUE);
    int pageSize = positive("size", size, DEFAULT_SIZE, MAX_SIZE);
    Long head = blankToNull(asOf) == null ? null : amount("asOf", asOf);
    if (head != null && head < 0) {
      throw new InvalidLogQuery("asOf", "must not be negative");
    }
    logged("search");
    return search.page(query, head, blankToNull(cursor), pageNumber, pageSize);
  }

  @GET
  @Produces(CSV_ON_REQUEST)
  public Response export() {
    LogQuery query = query();
    logged("csv-export");
    StreamingOutput body =
        out -> {
          try (LogCsv csv = new LogCsv(out)) {
            search.export(query, csv::write);
          }
        };
    return Response.ok(body, CSV + "; charset=UTF-8")
        .header("Content-Disposition", "attachment; filename=\"payment-log.csv\"")
        .build();
  }

  @GET
  @Path("verify")
  @Produces(MediaType.APPLICATION_JSON)
  public ChainReport verify() {
    logged("verify");
    return search.verify();
  }

  @POST
  @Path("{seq}/corrections")
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response correct(@PathParam("seq") long seq, @Valid @NotNull CorrectionRequest request) {
    if (!search.exists(seq)) {
      throw new LogEntryNotFound(seq);
    }
    log.recordAlone(
        LogEntry.of(LogKind.CORRECTION)
            .corrects(seq)
            .actor(caller())
            .money(request.amount(), request.currency())
            .status(request.status())
            .detail("reason", request.reason())
            .build());
    return Response.status(201).entity(new CorrectionRecorded(seq)).build();
  }

  /** The answer to a correction: the entry it corrects is named; the new one is at the head. */
  public record CorrectionRecorded(long corrects) {}

  private void logged(String action) {
    log.recordAlone(
        LogEntry.of(LogKind.AUDIT_QUERY)
            .actor(caller())
            .status("OK")
            .detail("action", action)
            .detail("query", uri.getRequestUri().getRawQuery())
            .build());
  }

  private String caller() {
    return security.getUserPrincipal() == null ? null : security.getUserPrincipal().getName();
  }

  private LogQuery query() {
    var p = uri.getQueryParameters();
    Instant from = instant("from", p.getFirst("from"));
    Instant to = instant("to", p.getFirst("to"));
    Long min = amount("minAmount", p.getFirst("minAmount"));
    Long max = amount("maxAmount", p.getFirst("maxAmount"));
    if (from != null && to != null && !from.isBefore(to)) {
      throw new InvalidLogQuery("to", "must be after from");
    }
    if (min != null && max != null && min > max) {
      throw new InvalidLogQuery("maxAmount", "must not be below minAmount");
    }
    String orderId = blankToNull(p.getFirst("orderId"));
    String kind = blankToNull(p.getFirst("kind"));
    if (kind != null) {
      try {
        kind = LogKind.valueOf(kind.toUpperCase(Locale.ROOT)).name();
      } catch (IllegalArgumentException e) {
        throw new InvalidLogQuery("kind", "is not a kind of entry");
      }
    }
    return new LogQuery(
        from,
        to,
        min,
        max,
        blankToNull(p.getFirst("counterparty")),
        orderId == null ? null : amount("orderId", orderId),
        blankToNull(p.getFirst("gateway")),
        blankToNull(p.getFirst("status")),
        blankToNull(p.getFirst("idempotencyKey")),
        kind);
  }

  private static Instant instant(String name, String value) {
    if (blankToNull(value) == null) {
      return null;
    }
    try {
      return java.time.OffsetDateTime.parse(value).toInstant();
    } catch (DateTimeParseException e) {
      throw new InvalidLogQuery(name, "must be an ISO-8601 instant such as 2026-11-01T00:00:00Z");
    }
  }

  private static Long amount(String name, String value) {
    if (blankToNull(value) == null) {
      return null;
    }
    try {
      return Long.parseLong(value.trim());
    } catch (NumberFormatException e) {
      throw new InvalidLogQuery(name, "must be a whole number");
    }
  }

  private static int positive(String name, String value, int fallback, int max) {
    if (blankToNull(value) == null) {
      return fallback;
    }
    try {
      int parsed = Integer.parseInt(value.trim());
      if (parsed < 1 || parsed > max) {
        throw new InvalidLogQuery(name, "must be between 1 and " + max);
      }
      return parsed;
    } catch (NumberFormatException e) {
      throw new InvalidLogQuery(name, "must be a whole number");
    }
  }

  private static String blankToNull(String value) {
    return value == null || value.isBlank() ? null : value.trim();
  }
}
