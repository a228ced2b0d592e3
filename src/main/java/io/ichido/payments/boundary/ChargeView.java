package io.ichido.payments.boundary;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.ichido.payments.control.ChargeOutcome;
import java.util.Locale;
import java.util.Map;

/**
 * A charge as clients see it. {@code status} is {@code succeeded}, {@code awaiting_payment} or
 * {@code requires_action}. {@code client_secret} (Stripe, while 3-D Secure is open) is for the
 * customer's browser alone, to finish 3-D Secure with Stripe.js: the merchant's server hands it to
 * that customer's page and to nobody else, and never logs it.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record ChargeView(
    @JsonProperty("order_id") long orderId,
    @JsonProperty("charge_id") String chargeId,
    String status,
    @JsonProperty("order_status") String orderStatus,
    long amount,
    String currency,
    String gateway,
    String method,
    Map<String, Object> instructions,
    @JsonProperty("authorize_uri") String authorizeUri,
    @JsonProperty("client_secret") String clientSecret) {

  /** Never the client secret: it must not reach a log. */
  @Override
  public String toString() {
    return "ChargeView[order_id=%d, charge_id=%s, status=%s]".formatted(orderId, chargeId, status);
  }

  static ChargeView of(ChargeOutcome outcome) {
    var attempt = outcome.attempt();
    return new ChargeView(
        attempt.orderId(),
        attempt.gatewayChargeId(),
        attempt.status().name().toLowerCase(Locale.ROOT),
        outcome.orderStatus(),
        attempt.amount(),
        attempt.currency(),
        attempt.gateway(),
        attempt.method(),
        outcome.instructions(),
        outcome.authorizeUri(),
        outcome.clientSecret());
  }
}
