package io.ichido.payments.entity;

/**
 * What a decision on an order's money asks the world to do, after it is committed: every movement
 * of money is a ledger row; sending and telling happen after the commit.
 */
public sealed interface MoneyEffect {

  /** Kinds of ledger rows. */
  enum Movement {
    /** The gateway took money. */
    CHARGED,
    /** The gateway gave money back: our return, a refund of the payment, or its own. */
    RETURNED,
    /** An operator recorded money given back outside Ichido. */
    RETURNED_OUTSIDE,
    /** The customer's bank took money back by a dispute (a chargeback). */
    DISPUTED,
    /** A dispute gave back to the merchant money its bank had taken (the dispute was won). */
    REINSTATED
  }

  /** A row on the order's ledger. */
  record Ledger(long attemptId, Movement movement, long amount, String currency)
      implements MoneyEffect {}

  /** The attempt is the order's payment now: the order is paid (stock sold, receipt, mail). */
  record Paid(long attemptId, long amount) implements MoneyEffect {}

  /**
   * The dispute about the attempt's payment has ended: {@code won}, the order keeps what its
   * payment still holds; lost, {@code withdrawn} stays with the customer, as a refund would.
   */
  record DisputeEnded(long attemptId, boolean won, long withdrawn) implements MoneyEffect {}

  /** The attempt's money waits for a person: the order goes to review. */
  record ToReview(long attemptId, String why) implements MoneyEffect {}

  /** Money the order does not keep: named, and going back. */
  record Surplus(long attemptId, long amount, String why) implements MoneyEffect {}

  /** Ask the gateway to give back {@code amount} of the attempt (its intent commits first). */
  record SendReturn(long attemptId, long amount, Purpose purpose) implements MoneyEffect {}

  /** Part of the payment went back: a return invoice and a refund fact. */
  record PaymentRefunded(long attemptId, long amount, long refundedTotal, boolean whole)
      implements MoneyEffect {}

  /** The money in review is all back with the customer: the order ends. */
  record ReviewClosed(long returned) implements MoneyEffect {}

  /** Money that could not go back by itself: an operator's ways out are offered. */
  record ForOperator(long attemptId, long amount, String why) implements MoneyEffect {}

  /** Money reported for an attempt we know nothing taken of: ask the gateway what it holds. */
  record ReadBack(long attemptId, String why) implements MoneyEffect {}

  /** The request cannot be done in this state: answered with this problem, nothing changed. */
  record Refused(String problem, String detail) implements MoneyEffect {}

  /** Why a return is sent. */
  enum Purpose {
    /** Money the order does not owe. */
    SURPLUS,
    /** An operator gives back the money in review. */
    REVIEW,
    /** The merchant refunds the payment. */
    MERCHANT
  }
}
