package io.ichido.orders.entity;

public enum OrderStatus {
  PENDING_PAYMENT,
  AWAITING_PAYMENT,
  PAID,
  FAILED,
  EXPIRED
}
