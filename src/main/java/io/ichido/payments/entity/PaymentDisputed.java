package io.ichido.payments.entity;

/**
 * The customer's bank took a paid charge back, or a dispute about it changed (Stripe {@code
 * charge.dispute.*}, 2C2P's chargeback code): money may leave again, so a person decides.
 */
public record PaymentDisputed(
    long orderId, String gateway, String chargeId, long amount, String currency, String reason) {}
