package io.ichido.orders.entity;

/**
 * Part or all of a paid order's money went back, in the transaction that recorded it: {@code
 * amount} now, {@code order.refundedAmount()} in all so far; {@code full} whether nothing is left.
 */
public record OrderRefunded(OrderDetails order, String gateway, long amount, boolean full) {}
