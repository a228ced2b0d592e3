package io.ichido.payments.control;

import io.ichido.platform.control.ProblemException;
import java.io.Serial;

/** Why an order cannot be cancelled: it was paid (refund it instead), or it ended otherwise. */
public class NotCancellable extends ProblemException {
  @Serial private static final long serialVersionUID = 1L;

  private NotCancellable(long orderId, String status, String type, String title, String detail) {
    super(409, type, title, detail);
    extension("order_id", orderId);
    extension("order_status", status);
  }

  /** The customer's money reached the shop: it goes back by a refund, never by a cancel. */
  public static NotCancellable paid(long orderId, String status) {
    return new NotCancellable(
        orderId,
        status,
        "order-paid-refund-instead",
        "Order paid: refund instead",
        "Order "
            + orderId
            + " is "
            + status
            + ": a paid order is not cancelled. Refund it instead with POST /api/orders/"
            + orderId
            + "/refunds.");
  }

  /** The order ended without a payment, or a person must decide about its money. */
  public static NotCancellable ended(long orderId, String status) {
    return new NotCancellable(
        orderId,
        status,
        "order-not-cancellable",
        "Order not cancellable",
        "Order "
            + orderId
            + " is "
            + status
            + ": only an order not yet paid (PENDING_PAYMENT or AWAITING_PAYMENT) is cancelled.");
  }
}
