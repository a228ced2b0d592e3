package io.ichido.payments.entity;

import java.time.Duration;

/**
 * Nobody paid the order within its payment window and no payment of it is in flight or in doubt:
 * the order lapses and its stock goes back on sale.
 */
public record PaymentWindowClosed(long orderId, Duration window) {}
