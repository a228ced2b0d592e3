package io.ichido.payments.boundary;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.ichido.payments.control.ChargeOutcome;
import io.ichido.platform.boundary.Problem;

/** 402 {@code card-declined}: a final answer for its Idempotency-Key, replayed as such. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DeclinedProblem(
    String type,
    String title,
    int status,
    String detail,
    @JsonProperty("order_id") long orderId,
    String gateway,
    @JsonProperty("charge_id") String chargeId,
    @JsonProperty("decline_code") String declineCode) {

  static DeclinedProblem of(ChargeOutcome outcome) {
    var attempt = outcome.attempt();
    return new DeclinedProblem(
        Problem.TYPE_BASE + "card-declined",
        "Card declined",
        402,
        "The "
            + attempt.gateway()
            + " gateway declined the payment. Use another card with a new"
            + " Idempotency-Key.",
        attempt.orderId(),
        attempt.gateway(),
        attempt.gatewayChargeId(),
        attempt.failureCode());
  }
}
