package io.ichido.payments.control;

import io.ichido.platform.control.ProblemException;
import java.io.Serial;

/**
 * An operator's decision on an order that cannot be taken, with nothing changed: the order is not
 * in review (decided already, or never there), it holds no money received to accept or return, or a
 * refund of its money has begun and must be settled first.
 */
public class ReviewRefusal extends ProblemException {
  @Serial private static final long serialVersionUID = 1L;

  private ReviewRefusal(String type, String title, String detail, long orderId) {
    super(409, type, title, detail);
    extension("order_id", orderId);
  }

  public static ReviewRefusal notInReview(long orderId, String status) {
    ReviewRefusal refusal =
        new ReviewRefusal(
            "order-not-in-review",
            "Order not in review",
            "Order " + orderId + " is " + status + ", not in review: nothing was changed.",
            orderId);
    refusal.extension("order_status", status);
    return refusal;
  }

  /** In review, but no attempt holds money a decision can take: {@code why} says what it is. */
  public static ReviewRefusal nothingReceived(long orderId, String why) {
    return new ReviewRefusal(
        "review-nothing-received",
        "Nothing received to decide on",
        "Order " + orderId + " is in review, but " + why + ": nothing was changed.",
        orderId);
  }

  /** Its money is going back already (an operator chose to refund it). */
  public static ReviewRefusal refundBegun(long orderId) {
    return new ReviewRefusal(
        "review-refund-begun",
        "Refund of the order begun",
        "The money of order "
            + orderId
            + " is being given back from the review queue: it cannot be accepted now.",
        orderId);
  }

  /** The money decider refused an operator's action: {@code problem} and {@code detail} say why. */
  public static ReviewRefusal decided(long orderId, String problem, String detail) {
    return new ReviewRefusal(
        problem,
        "Nothing to do about it",
        "Order " + orderId + ": " + detail + ". Nothing was changed.",
        orderId);
  }
}
