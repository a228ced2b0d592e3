package io.ichido.orders.entity;

/**
 * An order moved from one status to the next; {@code reason} says why when it is not obvious, and
 * {@code actor} names the caller who moved it, where one did (null when a payment event did).
 */
public record OrderStatusChanged(
    long orderId,
    String customer,
    OrderStatus from,
    OrderStatus to,
    long amount,
    String currency,
    String reason,
    String actor) {

  /** Moved by what a gateway reported, not by a caller. */
  public OrderStatusChanged(
      long orderId,
      String customer,
      OrderStatus from,
      OrderStatus to,
      long amount,
      String currency,
      String reason) {
    this(orderId, customer, from, to, amount, currency, reason, null);
  }
}
