package io.ichido.payments.entity;

/**
 * Everything an order in review received went back, by the refunds an operator asked for from the
 * review queue: {@code refunded} in all, through {@code refunds} gateway refunds. Told once, by
 * whichever settles the last of them (the request itself, or the sweep after a lost answer).
 */
public record ReviewRefunded(
    long orderId, long refunded, String currency, int refunds, String operator) {}
