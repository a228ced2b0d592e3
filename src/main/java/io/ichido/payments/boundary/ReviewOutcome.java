package io.ichido.payments.boundary;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * What an operator's decision on an order in review did: {@code accepted} (the order is paid with
 * {@code paid}; {@code returning} is the money beyond what it owes, going back by itself) or {@code
 * refunded} (every yen received went back: {@code refunds} names each gateway refund).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ReviewOutcome(
    @JsonProperty("order_id") long orderId,
    String decision,
    @JsonProperty("order_status") String orderStatus,
    long received,
    Long paid,
    Long returning,
    String currency,
    String operator,
    List<Refund> refunds,
    String receipt) {

  /** One gateway refund of the decision. */
  public record Refund(
      @JsonProperty("refund_id") long refundId,
      @JsonProperty("attempt_id") long attemptId,
      String gateway,
      String status,
      long amount,
      @JsonProperty("gateway_refund_id") String gatewayRefundId) {}
}
