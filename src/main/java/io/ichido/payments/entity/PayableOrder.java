package io.ichido.payments.entity;

import java.time.Instant;

/**
 * The order a payment is for, as payments needs to see it: whose it is, what it costs, where it
 * stands and since when. Orders publish it through {@code payments.boundary.PayableOrders}, so that
 * payments decide about money without the order entity; {@code status} is the order's own status
 * name, shown to the client as it is (what its ledger shows, {@link OrderStanding}), and {@code
 * stage} what of its course is no money. (One statement still reads the order table: the sweep's
 * search for orders left unpaid, which joins it with the attempts to find them in one query.)
 */
public record PayableOrder(
    long id,
    String owner,
    Standing standing,
    String status,
    long amount,
    String currency,
    Instant createdAt,
    OrderStanding.Stage stage) {

  /** Where an order stands, as far as its payment is concerned. */
  public enum Standing {
    /** Placed and not paid: a charge may begin. */
    UNPAID,
    /** A charge was made and its money is awaited (konbini, bank transfer, a QR code). */
    AWAITING_PAYMENT,
    /** Paid, and perhaps refunded since: never charged again. */
    PAID,
    /** A person must decide about its money. */
    IN_REVIEW,
    /** Ended without a payment (failed, expired). */
    ENDED,
    /** Called off by its shop before it was paid. */
    CANCELLED;

    /** Whether money reported now is this order's payment. */
    public boolean open() {
      return this == UNPAID || this == AWAITING_PAYMENT;
    }
  }
}
