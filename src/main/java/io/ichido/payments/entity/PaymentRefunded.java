package io.ichido.payments.entity;

/** A paid order's money went back to the customer. */
public record PaymentRefunded(
    long orderId, String gateway, String chargeId, long amount, String currency) {}
