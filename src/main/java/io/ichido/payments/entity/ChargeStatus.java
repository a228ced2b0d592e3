package io.ichido.payments.entity;

/** Where one charge attempt stands, as far as the gateway has told us. */
public enum ChargeStatus {
  /** Recorded, gateway called, no answer yet (or the answer was lost). */
  REQUESTED,
  SUCCEEDED,
  /** Konbini, bank transfer or PayPay: created, waiting for the customer to pay. */
  AWAITING_PAYMENT,
  /** The customer must authenticate (3-D Secure) before the charge completes. */
  REQUIRES_ACTION,
  DECLINED,
  /** The customer never paid an asynchronous charge in time. */
  EXPIRED,
  /** Paid, then given back. */
  REFUNDED
}
