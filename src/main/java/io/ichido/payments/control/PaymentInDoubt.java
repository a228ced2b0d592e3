package io.ichido.payments.control;

import io.ichido.idempotency.boundary.TransientFailure;
import io.ichido.platform.control.ProblemException;
import java.io.Serial;

/**
 * An earlier charge of the order may have been made (its answer was lost) and the gateway could not
 * tell us yet, or that charge is still being sent: charging again could charge twice. The client's
 * key is released, so the same request may simply be sent again after {@code Retry-After};
 * meanwhile the reconciler asks the gateway on its own.
 */
public class PaymentInDoubt extends ProblemException implements TransientFailure {
  @Serial private static final long serialVersionUID = 1L;

  public PaymentInDoubt(long orderId, String gateway, long retryAfterSeconds, String why) {
    super(
        409,
        "payment-in-doubt",
        "Payment in doubt",
        "An earlier charge of order "
            + orderId
            + " at "
            + gateway
            + " "
            + why
            + ". Nothing new was charged; retry after the time in Retry-After.");
    extension("order_id", orderId);
    extension("gateway", gateway);
    retryAfter(retryAfterSeconds);
  }
}
