package io.ichido.orders.entity;

/**
 * The order ended unpaid, in the transaction that decided it: its payment failed, expired, never
 * began within the payment window, its shop cancelled it, or what it received in review went back.
 * {@code customerEmail} is the payer's address when the ended payment named one.
 */
public record OrderPaymentEnded(OrderDetails order, Cause cause, String customerEmail) {

  /** Why no money will come. */
  public enum Cause {
    /** The gateway said the awaited payment failed. */
    FAILED,
    /** The gateway said the awaited payment expired unpaid (konbini, bank transfer, QR). */
    EXPIRED,
    /** No charge was made before the payment window closed. */
    UNPAID,
    /** The shop cancelled the order before it was paid. */
    CANCELLED,
    /** An operator gave back from the review queue everything the order received. */
    REFUNDED
  }
}
