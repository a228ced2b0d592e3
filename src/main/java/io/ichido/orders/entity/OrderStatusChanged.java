package io.ichido.orders.entity;

/** An order moved from one status to the next; {@code reason} says why when it is not obvious. */
public record OrderStatusChanged(
    long orderId,
    String customer,
    OrderStatus from,
    OrderStatus to,
    long amount,
    String currency,
    String reason) {}
