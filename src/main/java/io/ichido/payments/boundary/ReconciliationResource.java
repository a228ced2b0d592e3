package io.ichido.payments.boundary;

import io.ichido.idempotency.boundary.Idempotent;
import io.ichido.payments.control.BookRecords;
import io.ichido.payments.control.Books;
import io.ichido.payments.entity.ReconciliationView;
import io.ichido.platform.boundary.CommonProblems;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.SecurityContext;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code /api/reconciliation/runs}, for the {@code operator} role only (web.xml): reconciliations
 * of the ledger with each gateway's own records, run on demand and listed. A run talks to the
 * gateway, so it holds no transaction ({@code transactional = false}).
 */
@Tag(
    name = "Reconciliation",
    description =
        "Reconciling the ledger with each gateway's own records: runs on demand, and the runs so far.")
@Path("reconciliation/runs")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class ReconciliationResource {

  @Inject Books books;
  @Inject BookRecords records;

  @Operation(
      operationId = "reconcile",
      summary = "Reconcile the ledger with a gateway's records for a window",
      description =
          "Reads every charge the gateway created in [from, to) from its own records (Stripe: its charges list; gateways without a usable list: each attempt of the window read back) and compares each with the ledger. Money of one of our attempts simply not on the ledger goes to it as a read-back would; every other difference (MONEY_NOT_ON_LEDGER, NOT_AT_GATEWAY, AMOUNT_DIFFERS, CURRENCY_DIFFERS, REFUND_NOT_MADE) is named once, chained as BOOKS_DIFFER and listed in the review queue's `differences`. A gateway that cannot be read ends the run with its `failure`. Once per Idempotency-Key.")
  @APIResponse(
      responseCode = "200",
      description = "The run, ended.",
      content =
          @Content(
              mediaType = MediaType.APPLICATION_JSON,
              schema = @Schema(implementation = ReconciliationView.class)))
  @APIResponse(
      responseCode = "400",
      description =
          "`https://ichido.dev/problems/reconciliation-refused`: no such gateway enabled, or a"
              + " window that ends before it starts; "
              + CommonProblems.VALIDATION_FAILED
              + ".",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @APIResponse(
      responseCode = "503",
      description = CommonProblems.DATABASE_UNAVAILABLE + ".",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  @Idempotent(transactional = false)
  public ReconciliationView reconcile(
      @Valid @NotNull ReconciliationRequest request, @Context SecurityContext caller) {
    return ReconciliationView.of(
        books.run(
            request.gateway(), request.from(), request.to(), caller.getUserPrincipal().getName()));
  }

  @Operation(
      operationId = "reconciliationRuns",
      summary = "The reconciliations so far, newest first")
  @APIResponse(
      responseCode = "200",
      description = "The runs.",
      content =
          @Content(
              mediaType = MediaType.APPLICATION_JSON,
              schema = @Schema(implementation = ReconciliationView.class)))
  @APIResponse(
      responseCode = "400",
      description = CommonProblems.VALIDATION_FAILED + ".",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @APIResponse(
      responseCode = "503",
      description = CommonProblems.DATABASE_UNAVAILABLE + ".",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @GET
  public List<ReconciliationView> runs(
      @QueryParam("limit") @DefaultValue("50") @Min(1) @Max(500) int limit) {
    return records.runs(limit).stream().map(ReconciliationView::of).toList();
  }
}
