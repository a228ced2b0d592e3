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
    this(
        "An earlier charge of order "
            + orderId
            + " at "
            + gateway
            + " "
            + why
            + ". Nothing new was charged; retry after the time in Retry-After.",
        orderId,
        gateway,
        retryAfterSeconds);
  }

  private PaymentInDoubt(String detail, long orderId, String gateway, long retryAfterSeconds) {
    super(409, "payment-in-doubt", "Payment in doubt", detail);
    extension("order_id", orderId);
    extension("gateway", gateway);
    retryAfter(retryAfterSeconds);
  }

  /**
   * A cancel that must wait: a charge of the order may have been made, or is being sent, or its
   * gateway did not confirm it ended a payment waiting on the customer. Nothing was cancelled.
   */
  public static PaymentInDoubt beforeCancel(
      long orderId, String gateway, long retryAfterSeconds, String why) {
    return new PaymentInDoubt(
        "A charge of order "
            + orderId
            + " at "
            + gateway
            + " "
            + why
            + ". Nothing was cancelled: the order may be paid. Retry after the time in Retry-After;"
            + " the cancel then settles it either way.",
        orderId,
        gateway,
        retryAfterSeconds);
  }
}
