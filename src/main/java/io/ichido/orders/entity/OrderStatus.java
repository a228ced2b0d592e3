package io.ichido.orders.entity;

/** Where an order stands. Statuses only move forward: FAILED, EXPIRED and REFUNDED stay. */
public enum OrderStatus {
  PENDING_PAYMENT,
  AWAITING_PAYMENT,
  PAID,
  FAILED,
  EXPIRED,
  /**
   * Money arrived that does not settle the order (wrong amount, after expiry): a person decides.
   */
  NEEDS_REVIEW,
  /** Paid, then part of it given back; still paid. */
  PARTIALLY_REFUNDED,
  REFUNDED
}
