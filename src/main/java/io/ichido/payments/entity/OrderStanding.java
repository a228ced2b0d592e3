package io.ichido.payments.entity;

import io.ichido.payments.entity.OrderMoney.AttemptMoney;
import java.util.Objects;
import java.util.Optional;

/**
 * What an order is, as its ledger shows it: the one rule for an order's status and the figures it
 * shows. Money taken, given back, disputed or held for a person is read from the order's money as
 * the decider left it ({@link OrderMoney}); only what is no money is the order's own {@link Stage}:
 * whether its customer was sent to pay and is awaited, and whether it stopped taking a payment, and
 * why. A pure function, so that the property run checks it after every decision.
 *
 * @param paid what the order's payment keeps of what it took; 0 without a payment
 * @param refunded what went back of the payment: refunded, or kept by the customer's bank after a
 *     dispute the merchant lost; for an order ended by giving back what review held, what went back
 */
public record OrderStanding(Status status, long paid, long refunded) {

  public OrderStanding {
    Objects.requireNonNull(status, "A status is required.");
  }

  /** An order's status, as its ledger shows it (the names of the order's own statuses). */
  public enum Status {
    PENDING_PAYMENT,
    AWAITING_PAYMENT,
    PAID,
    PARTIALLY_REFUNDED,
    REFUNDED,
    NEEDS_REVIEW,
    FAILED,
    EXPIRED,
    CANCELLED;

    /** Whether money reported now may be the order's payment. */
    public boolean open() {
      return this == PENDING_PAYMENT || this == AWAITING_PAYMENT;
    }
  }

  /** What of an order's course is no money: whether it still takes a payment, and if not, why. */
  public enum Stage {
    /** Placed; it takes a payment. */
    OPEN,
    /** Its customer was sent to pay (konbini, bank transfer, a QR code) and is awaited. */
    AWAITING,
    /** The payment its customer was sent to make failed for good. */
    FAILED,
    /** Its customer did not pay in time. */
    EXPIRED,
    /** Its shop called it off. */
    CANCELLED,
    /** An operator gave back all the money review held of it: it ended. */
    REFUNDED_FROM_REVIEW;

    public boolean takesPayment() {
      return this == OPEN || this == AWAITING;
    }
  }

  /**
   * The order's standing: before a person while some of its money is, or its payment is disputed;
   * paid (and perhaps refunded) once an attempt is its payment; else where its stage left it.
   */
  public static OrderStanding of(OrderMoney money, Stage stage) {
    Optional<AttemptMoney> payment = money.payment();
    long paid = payment.map(AttemptMoney::paid).orElse(0L);
    long refunded =
        payment.map(p -> Math.min(p.paid(), p.refundedOfPayment() + lost(p))).orElse(0L);
    Status status;
    if (money.inReview() || payment.filter(AttemptMoney::contested).isPresent()) {
      // A contested payment is before a person even when the bank took all it held: the merchant
      // answers the dispute at the gateway, and its close (won or lost) ends it. One refunded in
      // full leaves nothing to contest.
      status = Status.NEEDS_REVIEW;
    } else if (payment.isPresent()) {
      status =
          refunded == 0
              ? Status.PAID
              : refunded >= paid ? Status.REFUNDED : Status.PARTIALLY_REFUNDED;
    } else {
      status =
          switch (stage) {
            case OPEN -> Status.PENDING_PAYMENT;
            case AWAITING -> Status.AWAITING_PAYMENT;
            case FAILED -> Status.FAILED;
            case EXPIRED -> Status.EXPIRED;
            case CANCELLED -> Status.CANCELLED;
            case REFUNDED_FROM_REVIEW -> Status.REFUNDED;
          };
    }
    if (payment.isEmpty() && stage == Stage.REFUNDED_FROM_REVIEW) {
      // What review held, given back.
      refunded =
          money.attempts().stream()
              .filter(a -> a.role() == OrderMoney.Role.REVIEW)
              .mapToLong(AttemptMoney::returned)
              .sum();
    }
    return new OrderStanding(status, paid, refunded);
  }

  /** Whether the order takes a payment now: its stage does, and no money of it is decided. */
  public static boolean open(OrderMoney money, Stage stage) {
    return of(money, stage).status().open();
  }

  /** What the customer's bank kept of the payment by a dispute the merchant lost. */
  private static long lost(AttemptMoney payment) {
    return payment.dispute().state() == OrderMoney.Dispute.State.LOST ? payment.withdrawn() : 0;
  }
}
