package io.ichido.payments.entity;

/**
 * The gateway confirmed that the customer paid this order's amount. {@code customerEmail} is where
 * the receipt goes, when the payer gave one; {@code idempotencyKey} is the charge request's.
 */
public record PaymentSucceeded(
    long orderId,
    String gateway,
    String chargeId,
    String idempotencyKey,
    long amount,
    String currency,
    String customerEmail) {}
