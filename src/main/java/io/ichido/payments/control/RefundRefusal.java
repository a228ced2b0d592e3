package io.ichido.payments.control;

import io.ichido.platform.control.ProblemException;
import java.io.Serial;

/**
 * A refund the merchant asked for that cannot be made, with nothing sent to the gateway: the order
 * was not paid, nothing (or less) is left to give back, its gateway refunds nothing by API here, or
 * the same amount was just refunded under another key. Final for the key: asking again changes
 * nothing until the order does.
 */
public class RefundRefusal extends ProblemException {
  @Serial private static final long serialVersionUID = 1L;

  private RefundRefusal(String type, String title, String detail, long orderId) {
    super(409, type, title, detail);
    extension("order_id", orderId);
  }

  /** The order holds no payment to give back; what to do instead depends on where it stands. */
  public static RefundRefusal notPaid(long orderId, String status, String instead) {
    RefundRefusal refusal =
        new RefundRefusal(
            "order-not-refundable",
            "Order not refundable",
            "Order " + orderId + " is " + status + ", not paid: nothing was refunded. " + instead,
            orderId);
    refusal.extension("order_status", status);
    return refusal;
  }

  public static RefundRefusal exceedsBalance(
      long orderId, long amount, long left, String currency) {
    RefundRefusal refusal =
        new RefundRefusal(
            "refund-exceeds-balance",
            "Refund exceeds what is left",
            "A refund of %d %s is more than the %d %s left to refund of order %d: nothing was sent."
                .formatted(amount, currency, left, currency, orderId),
            orderId);
    refusal.extension("refundable", left);
    return refusal;
  }

  /**
   * A refund sent before and not made, not sent again: the gateway lists refunds somebody else made
   * of the charge (its merchant portal), each now on the ledger with its own return invoice, which
   * leave less than it.
   */
  static RefundRefusal leftByOthers(MerchantRefund refund) {
    RefundRefusal refusal =
        new RefundRefusal(
            "refund-exceeds-balance",
            "Refund exceeds what is left",
            ("Refund %d of %d %s of order %d was not made: %s lists refunds of the payment made"
                    + " outside this request (its merchant portal), %d %s given back in all, which"
                    + " leave %d %s. Nothing of this refund was given back.")
                .formatted(
                    refund.refundId(),
                    refund.amount(),
                    refund.currency(),
                    refund.orderId(),
                    refund.gateway(),
                    refund.refundedTotal(),
                    refund.currency(),
                    refund.refundable(),
                    refund.currency()),
            refund.orderId());
    refusal.extension("refundable", refund.refundable());
    refusal.extension("refund_id", refund.refundId());
    return refusal;
  }

  /**
   * What the payment took beyond the price has not gone back yet (its return was refused): it goes
   * back first, from the review queue, or its refunds would be counted as that money.
   */
  public static RefundRefusal surplusFirst(long orderId, String why) {
    return new RefundRefusal(
        "surplus-not-returned",
        "Surplus not returned yet",
        "Order " + orderId + ": " + why + ". Nothing was sent.",
        orderId);
  }

  public static RefundRefusal notByApi(long orderId, String gateway, String why) {
    RefundRefusal refusal =
        new RefundRefusal(
            "refund-not-by-api",
            "Refund not possible by API",
            "Order %d was paid through %s, whose refunds Ichido cannot make: %s. Nothing was sent."
                .formatted(orderId, gateway, why),
            orderId);
    refusal.extension("gateway", gateway);
    return refusal;
  }

  /**
   * The same amount was refunded (or is being) under another key a moment ago: most likely a retry
   * whose key was lost, so it is not sent again unless the caller says it means a second refund.
   */
  public static RefundRefusal duplicate(
      long orderId, long refundId, long amount, String currency, long secondsAgo) {
    RefundRefusal refusal =
        new RefundRefusal(
            "refund-duplicate",
            "Same refund just made",
            ("Refund %d of %d %s of order %d was asked for %d s ago under another Idempotency-Key:"
                    + " nothing was sent. To give back that amount a second time, send the request"
                    + " again with \"repeat\": true.")
                .formatted(refundId, amount, currency, orderId, secondsAgo),
            orderId);
    refusal.extension("refund_id", refundId);
    return refusal;
  }
}
