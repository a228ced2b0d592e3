package io.ichido.orders.control;

import io.ichido.platform.control.ProblemException;
import java.io.Serial;

/**
 * The money of an order in review cannot be accepted: its reservation lapsed and the units are sold
 * or held by other orders since. Nothing was changed; its money goes back instead.
 */
public class StockGone extends ProblemException {
  @Serial private static final long serialVersionUID = 1L;

  public StockGone(long orderId) {
    super(
        409,
        "review-stock-gone",
        "Goods no longer available",
        ("The reservation of order %d lapsed and its goods are no longer available: it cannot be"
                + " accepted. Refund it instead: POST /api/review/orders/%d/refund.")
            .formatted(orderId, orderId));
    extension("order_id", orderId);
  }
}
