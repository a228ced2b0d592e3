package io.ichido.payments.control;

import io.ichido.idempotency.boundary.TransientFailure;
import io.ichido.platform.control.ProblemException;
import java.io.Serial;

/**
 * The gateway has not said whether the refund was made (no answer, or no free lane to ask in). Its
 * intent stays committed and is sent again under its own gateway key, so it gives money back once
 * whatever is retried; the client's key is released, and the same request with it answers the
 * refund once it is known.
 */
public class RefundUnanswered extends ProblemException implements TransientFailure {
  @Serial private static final long serialVersionUID = 1L;

  public RefundUnanswered(long orderId, long refundId, String gateway, long retryAfterSeconds) {
    super(
        503,
        "refund-unanswered",
        "Refund not answered yet",
        ("Refund %d of order %d was sent to %s, which has not answered: it is sent again under its"
                + " own key until it does, and never made twice. Retry with the same"
                + " Idempotency-Key after the time in Retry-After.")
            .formatted(refundId, orderId, gateway));
    extension("order_id", orderId);
    extension("refund_id", refundId);
    extension("gateway", gateway);
    retryAfter(retryAfterSeconds);
  }
}
