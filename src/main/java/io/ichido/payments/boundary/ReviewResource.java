package io.ichido.payments.boundary;

import io.ichido.idempotency.boundary.CurrentIdempotencyKey;
import io.ichido.idempotency.boundary.Idempotent;
import io.ichido.payments.control.BookRecords;
import io.ichido.payments.control.Reviews;
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
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code /api/review}, for the {@code operator} role only (web.xml): the queue of what waits for a
 * person, and the two ways out of review for an order's money, each once per Idempotency-Key.
 * Accepting runs in the layer's transaction; refunding, like a merchant's refund, does not ({@code
 * transactional = false}): its intents commit before the gateways hear of them.
 */
@Tag(
    name = "Review",
    description =
        "The operators' review queue: orders whose money waits for a person, and the charges and refunds in doubt too long; accepting or refunding an order's money, once.")
@Path("review")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class ReviewResource {

  private static final String NOT_IN_REVIEW =
      "`https://ichido.dev/problems/order-not-in-review`: the order is not in review (decided"
          + " already, or never there)"
          + "; `https://ichido.dev/problems/review-nothing-received`: no attempt of it holds money"
          + " received (the detail says what it holds instead)";

  @Inject Reviews reviews;
  @Inject BookRecords books;
  @Inject CurrentIdempotencyKey currentKey;

  @Operation(
      operationId = "reviewQueue",
      summary = "What waits for an operator",
      description =
          "The orders in review (a short or other amount, a payment after expiry, a dispute), oldest first, each with why, what it owes and what each of its attempts received and gave back; the charges and refunds still in doubt after `ichido.review.in-doubt-after` (15 minutes by default), with what the last try found; and the money that could not go back by itself (`returns_waiting`), with what an operator can do about it. At most `limit` of each.")
  @APIResponse(
      responseCode = "200",
      description = "The queue.",
      content =
          @Content(
              mediaType = MediaType.APPLICATION_JSON,
              schema = @Schema(implementation = ReviewQueue.class)))
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
  public ReviewQueue queue(@QueryParam("limit") @DefaultValue("100") @Min(1) @Max(500) int limit) {
    return reviews.queue(limit).withDifferences(differences(limit));
  }

  private List<ReviewQueue.Difference> differences(int limit) {
    return books.open(limit).stream()
        .map(d -> ReviewQueue.Difference.of(d, List.of("resolve")))
        .toList();
  }

  @Operation(
      operationId = "resolveDifference",
      summary = "Resolve a difference between a gateway's records and the ledger",
      description =
          "For a difference listed in the queue's `differences`: the operator says, in the note, what was done about it (refunded in the gateway's dashboard, recorded, found to be a test charge, ...). It leaves the queue and is chained as BOOKS_DIFFERENCE_RESOLVED naming the operator, with the note. Once: a difference resolved already is refused. Once per Idempotency-Key.")
  @APIResponse(
      responseCode = "200",
      description = "The difference, resolved.",
      content =
          @Content(
              mediaType = MediaType.APPLICATION_JSON,
              schema = @Schema(implementation = ReviewQueue.Difference.class)))
  @APIResponse(
      responseCode = "400",
      description = CommonProblems.VALIDATION_FAILED + ".",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @APIResponse(
      responseCode = "404",
      description = "`https://ichido.dev/problems/difference-not-found`: no such difference.",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @APIResponse(
      responseCode = "409",
      description =
          "`https://ichido.dev/problems/difference-resolved-already`: resolved already; nothing"
              + " was changed.",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @APIResponse(
      responseCode = "503",
      description = CommonProblems.DATABASE_UNAVAILABLE + ".",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @POST
  @Path("differences/{id: \\d{1,18}}/resolve")
  @Consumes(MediaType.APPLICATION_JSON)
  @Idempotent
  public ReviewQueue.Difference resolve(
      @PathParam("id") long id,
      @Valid @NotNull ResolveRequest request,
      @Context SecurityContext caller) {
    return ReviewQueue.Difference.of(
        books.resolve(id, caller.getUserPrincipal().getName(), request.note()), List.of());
  }

  @Operation(
      operationId = "acceptReview",
      summary = "Accept an order's money in review as its payment",
      description =
          "The money received becomes the order's payment (up to what it owes): the order is paid, its goods sold (held again if its reservation lapsed), a receipt (適格簡易請求書) for what was paid is issued and e-mailed, and money beyond what it owes goes back by itself. Chained in the payment log as REVIEW_ACCEPTED naming the operator. Once per Idempotency-Key.")
  @APIResponse(
      responseCode = "200",
      description = "The order, paid.",
      content =
          @Content(
              mediaType = MediaType.APPLICATION_JSON,
              schema = @Schema(implementation = ReviewOutcome.class)))
  @APIResponse(
      responseCode = "404",
      description = "`https://ichido.dev/problems/order-not-found`: no such order.",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @APIResponse(
      responseCode = "409",
      description =
          NOT_IN_REVIEW
              + "; `https://ichido.dev/problems/review-refund-begun`: its money is being given back"
              + "; `https://ichido.dev/problems/review-stock-gone`: its reservation lapsed and the"
              + " goods are gone: refund it instead. Nothing was changed in any of these.",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @APIResponse(
      responseCode = "503",
      description = CommonProblems.DATABASE_UNAVAILABLE + ".",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @POST
  @Path("orders/{id: \\d{1,18}}/accept")
  @Idempotent
  public ReviewOutcome accept(
      @PathParam("id") long orderId, @Context SecurityContext caller, @Context UriInfo uri) {
    ReviewOutcome accepted =
        reviews.accept(
            caller.getUserPrincipal().getName(), currentKey.key().orElseThrow(), orderId);
    return new ReviewOutcome(
        accepted.orderId(),
        accepted.decision(),
        accepted.orderStatus(),
        accepted.received(),
        accepted.paid(),
        accepted.returning(),
        accepted.currency(),
        accepted.operator(),
        null,
        uri.getBaseUriBuilder()
            .path("orders")
            .path(Long.toString(orderId))
            .path("receipt")
            .build()
            .toString());
  }

  @Operation(
      operationId = "refundReview",
      summary = "Give back everything an order in review received",
      description =
          "Each attempt's money goes back through the gateway that took it, under a gateway key derived from the Idempotency-Key, its intent committed before the gateway hears of it; the order then ends REFUNDED and its reservation, if still held, is released. No receipt (it was never paid); chained as REFUND_REQUESTED, REFUNDED and REVIEW_REFUNDED naming the operator. Once per Idempotency-Key: a lost answer is sent again under the same gateway key, never twice.")
  @APIResponse(
      responseCode = "200",
      description = "Everything went back; the order is refunded.",
      content =
          @Content(
              mediaType = MediaType.APPLICATION_JSON,
              schema = @Schema(implementation = ReviewOutcome.class)))
  @APIResponse(
      responseCode = "404",
      description = "`https://ichido.dev/problems/order-not-found`: no such order.",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @APIResponse(
      responseCode = "409",
      description =
          NOT_IN_REVIEW
              + "; `https://ichido.dev/problems/refund-not-by-api`: a gateway holding its money"
              + " refunds nothing by API here (2C2P without its Payment Maintenance keys): give it back in"
              + " its merchant portal"
              + "; `https://ichido.dev/problems/refund-in-doubt`: another refund of the order is not"
              + " settled yet; retry after Retry-After. Nothing was sent in any of these.",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @APIResponse(
      responseCode = "502",
      description =
          "`https://ichido.dev/problems/gateway-rejected`: a gateway refused its refund; the order"
              + " stays in review.",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @APIResponse(
      responseCode = "503",
      description =
          "`https://ichido.dev/problems/refund-unanswered`: a gateway has not answered; its refund"
              + " is sent again under its own key, never twice: retry with the same"
              + " Idempotency-Key; "
              + CommonProblems.DATABASE_UNAVAILABLE
              + ".",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @POST
  @Path("orders/{id: \\d{1,18}}/refund")
  @Idempotent(transactional = false)
  public ReviewOutcome refund(@PathParam("id") long orderId, @Context SecurityContext caller) {
    // The layer has already refused a missing or malformed key.
    return reviews.refund(
        caller.getUserPrincipal().getName(),
        currentKey.scope().orElseThrow(),
        currentKey.key().orElseThrow(),
        orderId);
  }

  @Operation(
      operationId = "returnAgain",
      summary = "Ask again for money that could not go back by itself",
      description =
          "For an attempt listed in the queue's `returns_waiting` with the way `return_again`: what the order does not keep of its money (a surplus, or what an accepted payment took beyond the price) is asked back again through its gateway, under a gateway key derived from the Idempotency-Key, the intent committed before the gateway hears of it and sent right after the answer. Chained as REFUND_REQUESTED naming the operator, then SURPLUS_REFUNDED or SURPLUS_REFUND_FAILED. Once per Idempotency-Key.")
  @APIResponse(
      responseCode = "200",
      description = "Asked back; the refund is being sent.",
      content =
          @Content(
              mediaType = MediaType.APPLICATION_JSON,
              schema = @Schema(implementation = ReturnOutcome.class)))
  @APIResponse(
      responseCode = "404",
      description = "`https://ichido.dev/problems/attempt-not-found`: no such attempt.",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @APIResponse(
      responseCode = "409",
      description =
          "`https://ichido.dev/problems/nothing-to-retry`: no refused return waits on it"
              + "; `https://ichido.dev/problems/refund-not-by-api`: its gateway gives nothing back"
              + " by API here: record what its portal gave back instead. Nothing was changed.",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @APIResponse(
      responseCode = "503",
      description = CommonProblems.DATABASE_UNAVAILABLE + ".",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @POST
  @Path("attempts/{id: \\d{1,18}}/return")
  @Idempotent
  public ReturnOutcome returnAgain(
      @PathParam("id") long attemptId, @Context SecurityContext caller) {
    return reviews.returnAgain(
        caller.getUserPrincipal().getName(),
        currentKey.scope().orElseThrow(),
        currentKey.key().orElseThrow(),
        attemptId);
  }

  @Operation(
      operationId = "recordReturnedOutside",
      summary = "Record money given back in the gateway's merchant portal",
      description =
          "For an attempt whose money waits for a person (listed in `returns_waiting`, or in review): records `amount` given back outside Ichido, in the gateway's merchant portal, under `reference` (the portal's refund id). A row on the order's ledger, chained as RETURN_RECORDED naming the operator; the gateway's own report of that refund later is not counted again. At most what waits; once per Idempotency-Key.")
  @APIResponse(
      responseCode = "200",
      description = "Recorded.",
      content =
          @Content(
              mediaType = MediaType.APPLICATION_JSON,
              schema = @Schema(implementation = ReturnOutcome.class)))
  @APIResponse(
      responseCode = "400",
      description = CommonProblems.VALIDATION_FAILED + ".",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @APIResponse(
      responseCode = "404",
      description = "`https://ichido.dev/problems/attempt-not-found`: no such attempt.",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @APIResponse(
      responseCode = "409",
      description =
          "`https://ichido.dev/problems/nothing-to-record`: none of its money waits for a person"
              + "; `https://ichido.dev/problems/more-than-held`: more than waits (the detail says"
              + " how much does). Nothing was changed.",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @APIResponse(
      responseCode = "503",
      description = CommonProblems.DATABASE_UNAVAILABLE + ".",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @POST
  @Path("attempts/{id: \\d{1,18}}/returned-outside")
  @Consumes(MediaType.APPLICATION_JSON)
  @Idempotent
  public ReturnOutcome returnedOutside(
      @PathParam("id") long attemptId,
      @NotNull @Valid ReturnRecord body,
      @Context SecurityContext caller) {
    return reviews.returnedOutside(
        caller.getUserPrincipal().getName(),
        currentKey.key().orElseThrow(),
        attemptId,
        body.amount(),
        body.reference().strip());
  }

  @Operation(
      operationId = "recordOutcome",
      summary = "Record what the gateway's portal shows for a charge in doubt",
      description =
          "For a charge whose outcome Ichido could not learn (listed in `charges_in_doubt`: an approval no code explains, such as 2C2P's 4010 partial approval, or a gateway that cannot be asked): what the gateway's merchant portal shows, as the operator read it under `reference`, with the gateway's own id of the charge (`charge_id`) when money was taken and Ichido never learnt it. `taken` 0 is the gateway's statement that nothing was charged (the order is payable again); otherwise the money is applied as the gateway's answer would be: the order's payment, money in review (another amount), or money that goes back by itself. Chained as OUTCOME_RECORDED naming the operator. Once per Idempotency-Key.")
  @APIResponse(
      responseCode = "200",
      description = "Recorded; where the attempt and its order stand now.",
      content =
          @Content(
              mediaType = MediaType.APPLICATION_JSON,
              schema = @Schema(implementation = OutcomeView.class)))
  @APIResponse(
      responseCode = "400",
      description = CommonProblems.VALIDATION_FAILED + ".",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @APIResponse(
      responseCode = "404",
      description = "`https://ichido.dev/problems/attempt-not-found`: no such attempt.",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @APIResponse(
      responseCode = "409",
      description =
          "`https://ichido.dev/problems/attempt-not-in-doubt`: its gateway's word is known"
              + "; `https://ichido.dev/problems/charge-id-required`: money was taken and neither"
              + " Ichido nor the request names the gateway's charge"
              + "; `https://ichido.dev/problems/charge-id-differs`: the gateway named another"
              + " charge for it"
              + "; `https://ichido.dev/problems/attempt-being-sent`: it is being asked about right"
              + " now, try again in a moment. Nothing was changed.",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @APIResponse(
      responseCode = "503",
      description = CommonProblems.DATABASE_UNAVAILABLE + ".",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @POST
  @Path("attempts/{id: \\d{1,18}}/outcome")
  @Consumes(MediaType.APPLICATION_JSON)
  @Idempotent
  public OutcomeView recordOutcome(
      @PathParam("id") long attemptId,
      @NotNull @Valid OutcomeRecord body,
      @Context SecurityContext caller) {
    String operator = caller.getUserPrincipal().getName();
    var outcome =
        reviews.recordOutcome(
            operator,
            currentKey.key().orElseThrow(),
            attemptId,
            body.taken(),
            body.currency(),
            body.reference().strip(),
            body.chargeId());
    return new OutcomeView(
        outcome.attempt().orderId(),
        attemptId,
        outcome.attempt().status().name(),
        outcome.orderStatus(),
        body.taken(),
        body.currency(),
        body.reference().strip(),
        operator);
  }

  @Operation(
      operationId = "recordRefundOutcome",
      summary = "Record what the gateway's portal shows for a refund in doubt",
      description =
          "For a refund whose outcome Ichido could not learn (listed in `refunds_in_doubt`: every answer lost, or a gateway that cannot be asked about it): what the gateway's merchant portal shows, as the operator read it under `reference`. `made` with the gateway's own id of the refund (`gateway_refund_id`) settles it as the gateway's answer would (the order's ledger, its refunded figures and return invoice follow); not made, it fails, and the money it asked for is the order's again (a merchant's refund may be asked anew; money that must go back waits in `returns_waiting`). Chained as REFUND_OUTCOME_RECORDED naming the operator. Once per Idempotency-Key.")
  @APIResponse(
      responseCode = "200",
      description = "Recorded; where the refund and its order stand now.",
      content =
          @Content(
              mediaType = MediaType.APPLICATION_JSON,
              schema = @Schema(implementation = RefundOutcomeView.class)))
  @APIResponse(
      responseCode = "400",
      description = CommonProblems.VALIDATION_FAILED + ".",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @APIResponse(
      responseCode = "404",
      description = "`https://ichido.dev/problems/refund-not-found`: no such refund.",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @APIResponse(
      responseCode = "409",
      description =
          "`https://ichido.dev/problems/refund-not-in-doubt`: its gateway's word is known"
              + "; `https://ichido.dev/problems/refund-being-sent`: it is being sent right now,"
              + " try again in a moment; `https://ichido.dev/problems/refund-id-required`: made,"
              + " without the gateway's id of it. Nothing was changed.",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @APIResponse(
      responseCode = "503",
      description = CommonProblems.DATABASE_UNAVAILABLE + ".",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @POST
  @Path("refunds/{id: \\d{1,18}}/outcome")
  @Consumes(MediaType.APPLICATION_JSON)
  @Idempotent
  public RefundOutcomeView recordRefundOutcome(
      @PathParam("id") long refundId,
      @NotNull @Valid RefundOutcomeRecord body,
      @Context SecurityContext caller) {
    return reviews.recordRefundOutcome(
        caller.getUserPrincipal().getName(),
        currentKey.key().orElseThrow(),
        refundId,
        body.made(),
        body.gatewayRefundId(),
        body.reference().strip());
  }
}
