package io.ichido.payments.entity;

import java.util.EnumSet;
import java.util.Set;

/** Where one charge attempt stands, as far as the gateway has told us. Statuses move forward. */
public enum ChargeStatus {
  /** Committed before the gateway heard of it; a request may be talking to the gateway now. */
  STARTED,
  /** Sent, and every answer was lost: charged or not, only the gateway can say. */
  UNKNOWN,
  SUCCEEDED,
  /** Konbini, bank transfer, PayPay or Rakuten Pay: created, waiting for the customer to pay. */
  AWAITING_PAYMENT,
  /** The customer must authenticate (3-D Secure) before the charge completes. */
  REQUIRES_ACTION,
  DECLINED,
  /** The gateway refused the request itself (not a decline): nothing was charged. */
  REJECTED,
  /** The customer never paid an asynchronous charge in time. */
  EXPIRED,
  /** The gateway charged another amount or currency than the order's: a person decides. */
  NEEDS_REVIEW,
  /** Paid, then part of it given back. */
  PARTIALLY_REFUNDED,
  /** Paid, then all of it given back. */
  REFUNDED,
  /**
   * The gateway took money for this attempt while another attempt holds the order's payment, or
   * while the order took none: money the order does not owe, which goes back by itself.
   */
  SURPLUS,
  /** A surplus given back to the customer in full. */
  SURPLUS_REFUNDED;

  private static final Set<ChargeStatus> IN_DOUBT = EnumSet.of(STARTED, UNKNOWN);
  private static final Set<ChargeStatus> PAID = EnumSet.of(SUCCEEDED, PARTIALLY_REFUNDED, REFUNDED);

  /** What charge_attempt_one_open_per_order allows once per order. */
  private static final Set<ChargeStatus> SLOT =
      EnumSet.of(
          STARTED,
          UNKNOWN,
          AWAITING_PAYMENT,
          REQUIRES_ACTION,
          SUCCEEDED,
          PARTIALLY_REFUNDED,
          REFUNDED);

  /** Whether the gateway may have charged without our knowing it. */
  public boolean inDoubt() {
    return IN_DOUBT.contains(this);
  }

  /** Whether the customer's money reached us (some may have gone back since). */
  public boolean paid() {
    return PAID.contains(this);
  }

  /**
   * Whether an attempt in this status holds the order's one slot: in doubt, waiting for the
   * customer, or the order's payment. At most one attempt per order does.
   */
  public boolean holdsSlot() {
    return SLOT.contains(this);
  }

  /** Whether the gateway reported money for it that is not the order's payment. */
  public boolean surplus() {
    return this == SURPLUS || this == SURPLUS_REFUNDED;
  }

  /** Whether an answer in this status may still be replaced by the gateway's next word. */
  public boolean open() {
    return inDoubt() || this == REQUIRES_ACTION;
  }
}
