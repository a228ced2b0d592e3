package io.ichido.payments.control;

import io.ichido.payments.entity.ChargeAttempt;
import io.ichido.platform.control.ProblemException;
import java.io.Serial;

/** 402 {@code card-declined}: a final answer for its Idempotency-Key, replayed as such. */
public class CardDeclined extends ProblemException {

  @Serial private static final long serialVersionUID = 1L;

  public CardDeclined(ChargeAttempt attempt) {
    super(
        402,
        "card-declined",
        "Card declined",
        ChargeAttempt.RETURNED_BY_GATEWAY.equals(attempt.failureCode())
            ? "The "
                + attempt.gateway()
                + " gateway gave the payment all back: it was made as the payment was being"
                + " cancelled. Pay again with a new Idempotency-Key."
            : "The "
                + attempt.gateway()
                + " gateway declined the payment. Use another card with a new"
                + " Idempotency-Key.");
    extension("order_id", attempt.orderId());
    extension("gateway", attempt.gateway());
    extension("charge_id", attempt.gatewayChargeId());
    extension("decline_code", attempt.failureCode());
  }
}
