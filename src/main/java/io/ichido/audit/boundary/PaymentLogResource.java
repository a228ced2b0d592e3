package io.ichido.audit.boundary;

import io.ichido.audit.control.InvalidLogQuery;
import io.ichido.audit.control.LogEntryNotFound;
import io.ichido.audit.control.LogSearch;
import io.ichido.audit.control.NewEntry;
import io.ichido.audit.control.PaymentLog;
import io.ichido.audit.entity.ChainReport;
import io.ichido.audit.entity.LogKind;
import io.ichido.audit.entity.LogPage;
import io.ichido.audit.entity.LogQuery;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.BeanParam;
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
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code /api/audit/payment-log}: search (JSON pages or a CSV export), verify the chain, record a
 * correction. Every call is itself logged, with who made it and what it asked.
 */
@Tag(name = "Payment log", description = "The append-only, hash-chained payment log, for auditors.")
@Path("audit/payment-log")
@AuditorOnly
public class PaymentLogResource {

  static final String CSV = "text/csv";

  /** Whoever accepts anything (curl's default) gets JSON; the CSV must be asked for. */
  static final String CSV_ON_REQUEST = CSV + ";qs=0.5";

  @Inject LogSearch search;
  @Inject PaymentLog log;
  @Context SecurityContext security;
  @Context UriInfo uri;

  @Operation(
      operationId = "searchPaymentLog",
      summary = "Search the payment log",
      description =
          "Entries newest first, filtered by time, amount, counterparty, order, gateway, status, idempotency key and kind; pages hold still as entries arrive (asOf, cursor). With Accept: text/csv the same filter streams every matching entry as CSV (UTF-8 with BOM). Every search is itself logged.")
  @GET
  @Produces(MediaType.APPLICATION_JSON)
  public LogPage search(@BeanParam LogSearchParams params) {
    LogQuery query = params.query();
    int page = params.page();
    int size = params.size();
    Long head = params.asOf();
    logged("search");
    return search.page(query, head, params.cursor(), page, size);
  }

  @GET
  @Produces(CSV_ON_REQUEST)
  public Response export(@BeanParam LogSearchParams params) {
    LogQuery query = params.query();
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

  /**
   * The whole chain, or ({@code ?from=<seq>}) from a checkpoint on: its signature, then what came
   * after it.
   */
  @Operation(
      operationId = "verifyPaymentLog",
      summary = "Verify the hash chain",
      description =
          "Recomputes the chain, whole or from a signed checkpoint on, and says whether it is intact and, if not, where it breaks.")
  @GET
  @Path("verify")
  @Produces(MediaType.APPLICATION_JSON)
  public ChainReport verify(@QueryParam("from") @SearchParam Long from) {
    if (from != null && from < 1) {
      throw new InvalidLogQuery("from", "must be the seq of a checkpoint");
    }
    logged("verify");
    return search.verify(from);
  }

  @Operation(
      operationId = "recordCorrection",
      summary = "Record a correction",
      description = "Appends a correction of an entry; the entry itself never changes.")
  @POST
  @Path("{seq}/corrections")
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response correct(@PathParam("seq") long seq, @Valid @NotNull CorrectionRequest request) {
    if (!search.exists(seq)) {
      throw new LogEntryNotFound(seq);
    }
    log.recordAlone(
        NewEntry.of(LogKind.CORRECTION)
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
    AuditQueries.logged(log, security, uri, action);
  }

  private String caller() {
    return AuditQueries.caller(security);
  }
}
