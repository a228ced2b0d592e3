package io.ichido.payments.entity;

/**
 * Money of a paid order went back to the customer: {@code refundedTotal} so far, all of the charge
 * when {@code full}.
 */
public record PaymentRefunded(
    long orderId,
    String gateway,
    String chargeId,
    long refundedTotal,
    String currency,
    boolean full) {}
