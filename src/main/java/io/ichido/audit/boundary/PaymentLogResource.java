package io.ichido.audit.boundary;

import io.ichido.audit.control.ChainExport;
import io.ichido.audit.control.InvalidLogQuery;
import io.ichido.audit.control.LogEntryNotFound;
import io.ichido.audit.control.LogSearch;
import io.ichido.audit.control.LogTotals;
import io.ichido.audit.control.NewEntry;
import io.ichido.audit.control.PaymentLog;
import io.ichido.audit.entity.ChainReport;
import io.ichido.audit.entity.LogKind;
import io.ichido.audit.entity.LogPage;
import io.ichido.audit.entity.LogQuery;
import io.ichido.audit.entity.PaymentTotals;
import io.ichido.platform.boundary.CommonProblems;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
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
import java.io.BufferedWriter;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code /api/audit/payment-log}: search (JSON pages or a CSV export), totals, verify the chain,
 * export it for recomputing elsewhere, record a correction. Every call is itself logged, with who
 * made it and what it asked.
 */
@Tag(name = "Payment log", description = "The append-only, hash-chained payment log, for auditors.")
@Path("audit/payment-log")
// Every operation here may be refused by @AuditorOnly and reads or writes the database.
@APIResponse(
    responseCode = "403",
    description = AuditorOnly.REFUSED + ".",
    content =
        @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
@APIResponse(
    responseCode = "503",
    description = CommonProblems.DATABASE_UNAVAILABLE + ".",
    content =
        @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
@AuditorOnly
public class PaymentLogResource {

  static final String CSV = "text/csv";

  /** Whoever accepts anything (curl's default) gets JSON; the CSV must be asked for. */
  static final String CSV_ON_REQUEST = CSV + ";qs=0.5";

  @Inject LogSearch search;
  @Inject ChainExport chain;
  @Inject PaymentLog log;
  @Inject LogTotals totals;
  @Context SecurityContext security;
  @Context UriInfo uri;

  @Operation(
      operationId = "searchPaymentLog",
      summary = "Search the payment log",
      description =
          "Entries newest first, filtered by time, amount, counterparty, order, gateway, status, idempotency key and kind; pages hold still as entries arrive (asOf, cursor). With Accept: text/csv the same filter streams every matching entry as CSV (UTF-8 with BOM). Every search is itself logged.")
  @APIResponse(responseCode = "200", description = "OK")
  @APIResponse(
      responseCode = "400",
      description =
          "`https://ichido.dev/problems/invalid-log-query`: a filter or page parameter is invalid.",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
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
   * The day at a glance: a period's money by gateway and currency, from the chained facts, and what
   * is open now; the last 30 business days' net. Same {@code from}/{@code to} as a search.
   */
  @Operation(
      operationId = "paymentLogTotals",
      summary = "Totals of the payment log",
      description =
          "For the period from (inclusive) to (exclusive), per currency and gateway (and in all, gateway null): charged (orders paid and surpluses received, each once), refunded (refunds and surpluses returned), net = charged - refunded, all from the chained facts up to asOf; beside them, as they stand now, charge attempts and refunds in doubt and orders in review (count and amount). daily: the last 30 days in Asia/Tokyo (the shop's business day), oldest first, per currency. Amounts in the currency's smallest unit (whole yen); currencies are never added together. Every call is itself logged.")
  @APIResponse(
      responseCode = "200",
      description = "OK",
      content =
          @Content(
              mediaType = MediaType.APPLICATION_JSON,
              schema = @Schema(implementation = PaymentTotals.class)))
  @APIResponse(
      responseCode = "400",
      description =
          "`https://ichido.dev/problems/invalid-log-query`: from or to is not an instant, or to is not after from.",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @GET
  @Path("totals")
  @Produces(MediaType.APPLICATION_JSON)
  public PaymentTotals totals(
      @QueryParam("from") @SearchParam Instant from, @QueryParam("to") @SearchParam Instant to) {
    LogSearchParams.ordered(from, to);
    logged("totals");
    return totals.of(from, to);
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
  @APIResponse(responseCode = "200", description = "OK")
  @APIResponse(
      responseCode = "400",
      description =
          "`https://ichido.dev/problems/invalid-log-query`: from is not the seq of a checkpoint.",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @APIResponse(
      responseCode = "409",
      description =
          "`https://ichido.dev/problems/checkpoint-not-verifiable`: the checkpoint's key is not this server's.",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
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

  /**
   * The chain as JSON lines, exactly what each hash covers: docs/audit.md, Recomputing the chain,
   * and docs/verify-payment-log.py, which checks it.
   */
  @Operation(
      operationId = "exportPaymentLogChain",
      summary = "Export the hash chain as JSON lines",
      description =
          "Entries fromSeq to toSeq (default: 1 to the newest; toCheckpoint=true ends at the newest checkpoint in the range) in seq order, one canonical JSON object per line holding exactly the fields the entry's hash covers and the stored hash, and after each entry a checkpoint signs, a line {\"checkpoint\":{...}} as the checkpoints API gives it. Streamed; recompute it with docs/verify-payment-log.py. Every export is itself logged.")
  @APIResponse(
      responseCode = "200",
      description = "The lines, each ending in a line feed.",
      content =
          @Content(
              mediaType = ChainExport.MEDIA_TYPE,
              example =
                  """
          {"actor":null,"amount":1000,…,"seq":17,"status":"PENDING_PAYMENT","tax":"[…]"}
          {"checkpoint":{"hash":"5d…","keyId":"4f0c…","message":"ichido-payment-log-checkpoint\\n17\\n5d…\\n2026-11-30T19:59:58.123400Z\\n","seq":17,"signature":"Tn…","signedAt":"2026-11-30T19:59:58.123400Z"}}
          """))
  @APIResponse(
      responseCode = "400",
      description =
          "`https://ichido.dev/problems/invalid-log-query`: fromSeq or toSeq is not a seq of the log, toSeq is before fromSeq, or toCheckpoint finds no checkpoint in the range.",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @GET
  @Path("chain")
  @Produces(ChainExport.MEDIA_TYPE)
  public Response chain(
      @QueryParam("fromSeq") @DefaultValue("1") @SearchParam Long fromSeq,
      @QueryParam("toSeq") @SearchParam Long toSeq,
      @QueryParam("toCheckpoint") @DefaultValue("false") @SearchParam Boolean toCheckpoint) {
    if (fromSeq < 1) {
      throw new InvalidLogQuery("fromSeq", "must be 1 or more");
    }
    if (toSeq != null && toSeq < fromSeq) {
      throw new InvalidLogQuery("toSeq", "must not be before fromSeq");
    }
    logged("chain-export");
    ChainExport.Range range = chain.range(fromSeq, toSeq, toCheckpoint);
    StreamingOutput body =
        out -> {
          Writer lines = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
          chain.write(
              range,
              line -> {
                lines.write(line);
                lines.write('\n');
              });
          lines.flush();
        };
    return Response.ok(body, ChainExport.MEDIA_TYPE + "; charset=UTF-8")
        .header(
            "Content-Disposition",
            "attachment; filename=\"payment-log-"
                + range.fromSeq()
                + "-"
                + range.toSeq()
                + ".jsonl\"")
        .build();
  }

  @Operation(
      operationId = "recordCorrection",
      summary = "Record a correction",
      description = "Appends a correction of an entry; the entry itself never changes.")
  @APIResponse(
      responseCode = "201",
      description =
          "The correction, appended at the head of the log; `corrects` names the entry it corrects.",
      content =
          @Content(
              mediaType = MediaType.APPLICATION_JSON,
              schema = @Schema(implementation = CorrectionRecorded.class)))
  @APIResponse(
      responseCode = "400",
      description = CommonProblems.VALIDATION_FAILED + "; " + CommonProblems.MALFORMED_JSON + ".",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @APIResponse(
      responseCode = "404",
      description = "`https://ichido.dev/problems/log-entry-not-found`: no entry with that seq.",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @RequestBody(
      required = true,
      content =
          @Content(
              mediaType = MediaType.APPLICATION_JSON,
              example =
                  """
          {"reason":"Entry 17 named the wrong customer; the order's is Sato Hanako.",\
          "status":"PAID"}"""))
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
