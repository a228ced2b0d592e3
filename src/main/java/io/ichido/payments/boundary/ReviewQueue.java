package io.ichido.payments.boundary;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.ichido.payments.entity.BookDifference;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * What waits for an operator ({@code GET /api/review}): the orders in review, oldest first, each
 * with why, what it owes and the money each of its attempts received; and the charges and refunds
 * in doubt for longer than {@code in_doubt_after}, which the reconciler has not settled.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ReviewQueue(
    List<Order> orders,
    @JsonProperty("charges_in_doubt") List<ChargeInDoubt> chargesInDoubt,
    @JsonProperty("refunds_in_doubt") List<RefundInDoubt> refundsInDoubt,
    @JsonProperty("returns_waiting") List<ReturnWaiting> returnsWaiting,
    @Schema(description = "ISO-8601 duration after which an unsettled charge or refund is listed")
        @JsonProperty("in_doubt_after")
        String inDoubtAfter,
    @Schema(description = "Differences between a gateway's records and the ledger, unresolved")
        List<Difference> differences) {

  public ReviewQueue(
      List<Order> orders,
      List<ChargeInDoubt> chargesInDoubt,
      List<RefundInDoubt> refundsInDoubt,
      List<ReturnWaiting> returnsWaiting,
      String inDoubtAfter) {
    this(orders, chargesInDoubt, refundsInDoubt, returnsWaiting, inDoubtAfter, null);
  }

  /** The same queue, listing {@code found} differences of the books too. */
  public ReviewQueue withDifferences(List<Difference> found) {
    return new ReviewQueue(
        orders, chargesInDoubt, refundsInDoubt, returnsWaiting, inDoubtAfter, found);
  }

  /**
   * A difference between a gateway's records and the ledger that a reconciliation named ({@code
   * kind}): what each shows, and the {@code ways} out, {@code resolve} ({@code POST
   * /api/review/differences/{id}/resolve} with a note).
   */
  public record Difference(
      long id,
      String gateway,
      String kind,
      @JsonProperty("gateway_id") String gatewayId,
      @JsonProperty("money_id") String moneyId,
      @JsonProperty("order_id") Long orderId,
      @JsonProperty("attempt_id") Long attemptId,
      @JsonProperty("at_gateway") long atGateway,
      @JsonProperty("on_ledger") long onLedger,
      String currency,
      String detail,
      @JsonProperty("found_at") Instant foundAt,
      @Schema(description = "What an operator can do about it") List<String> ways) {

    static Difference of(BookDifference found, List<String> ways) {
      return new Difference(
          found.id(),
          found.gateway(),
          found.kind().name(),
          found.gatewayId(),
          found.chargeId(),
          found.orderId(),
          found.attemptId(),
          found.atGateway(),
          found.onLedger(),
          found.currency(),
          found.detail(),
          found.foundAt(),
          ways);
    }
  }

  /** An order in review: {@code since} is when it was last moved there. */
  public record Order(
      @JsonProperty("order_id") long orderId,
      String owner,
      String customer,
      String reason,
      long amount,
      String currency,
      long received,
      @JsonProperty("created_at") Instant createdAt,
      Instant since,
      List<Attempt> attempts) {}

  /** One attempt of an order in review: what the gateway took for it and gave back of it. */
  public record Attempt(
      @JsonProperty("attempt_id") long attemptId,
      String gateway,
      @JsonProperty("charge_id") String chargeId,
      String status,
      long received,
      long refunded) {}

  /**
   * A charge whose outcome is not known after the bound: {@code why} is what the last try found.
   */
  public record ChargeInDoubt(
      @JsonProperty("attempt_id") long attemptId,
      @JsonProperty("order_id") long orderId,
      String gateway,
      String status,
      long amount,
      String currency,
      String why,
      @JsonProperty("requested_at") Instant requestedAt,
      int reconciliations) {}

  /** A refund whose outcome is not known after the bound. */
  public record RefundInDoubt(
      @JsonProperty("refund_id") long refundId,
      @JsonProperty("order_id") long orderId,
      String gateway,
      String status,
      long amount,
      String currency,
      String reason,
      String why,
      @JsonProperty("requested_at") Instant requestedAt,
      int tries) {}

  /**
   * Money of an attempt that could not go back by itself (the gateway refused its return, or gives
   * nothing back by API): {@code ways} are what an operator can do, {@code return_again} ({@code
   * POST /api/review/attempts/{id}/return}) or {@code record_returned_outside} ({@code POST
   * /api/review/attempts/{id}/returned-outside}).
   */
  public record ReturnWaiting(
      @JsonProperty("attempt_id") long attemptId,
      @JsonProperty("order_id") long orderId,
      String gateway,
      @JsonProperty("charge_id") String chargeId,
      long amount,
      String currency,
      @Schema(description = "What an operator can do about it") List<String> ways) {}
}
