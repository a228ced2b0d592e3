package io.ichido.orders.entity;

/**
 * Where an order stands. Statuses only move forward: FAILED, EXPIRED, CANCELLED and REFUNDED stay.
 */
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
  REFUNDED,
  /** Called off by its shop before it was paid: its stock is back on sale, it takes no money. */
  CANCELLED
}
