package io.ichido.orders.entity;

/**
 * Part or all of a paid order's money went back, in the transaction that recorded it. {@code
 * order.refundedAmount()} is the total refunded so far; {@code full} whether nothing is left.
 */
public record OrderRefunded(OrderDetails order, String gateway, boolean full) {}
