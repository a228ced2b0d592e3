package io.ichido.payments.control;

import io.ichido.idempotency.boundary.TransientFailure;
import io.ichido.platform.control.ProblemException;
import java.io.Serial;

/**
 * A refund of the order is not settled yet (being sent, or its answer was lost and it is sent again
 * under its own key): another one now could give back more than the merchant meant, or the same
 * money twice. Nothing new was sent; the client's key is released, so the request may simply be
 * sent again after {@code Retry-After}, and by then the earlier refund is known.
 */
public class RefundInDoubt extends ProblemException implements TransientFailure {
  @Serial private static final long serialVersionUID = 1L;

  public RefundInDoubt(long orderId, long refundId, long retryAfterSeconds) {
    super(
        409,
        "refund-in-doubt",
        "Refund in doubt",
        ("Refund %d of order %d is not settled by its gateway yet: nothing new was sent. Retry"
                + " after the time in Retry-After.")
            .formatted(refundId, orderId));
    extension("order_id", orderId);
    extension("refund_id", refundId);
    retryAfter(retryAfterSeconds);
  }
}
