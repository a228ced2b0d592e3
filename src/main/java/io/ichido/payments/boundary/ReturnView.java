package io.ichido.payments.boundary;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.ichido.payments.control.ChargeOutcome;
import io.ichido.payments.entity.ChargeStatus;
import java.util.Locale;

/**
 * What the customer's browser learns on the return page: where the payment stands and, while 3-D
 * Secure is still open, where to continue. No amounts, charge ids or other order details: the page
 * is reachable by whoever holds the link.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ReturnView(
    @JsonProperty("order_id") long orderId,
    String status,
    @JsonProperty("order_status") String orderStatus,
    @JsonProperty("authorize_uri") String authorizeUri) {

  static ReturnView of(ChargeOutcome outcome) {
    var attempt = outcome.attempt();
    return new ReturnView(
        attempt.orderId(),
        attempt.status().name().toLowerCase(Locale.ROOT),
        outcome.orderStatus(),
        attempt.status() == ChargeStatus.REQUIRES_ACTION ? outcome.authorizeUri() : null);
  }
}
