package io.ichido.payments.entity;

/**
 * Money of a paid order went back to the customer: {@code amount} now, {@code refundedTotal} so
 * far, all of the charge when {@code full}. {@code refundId} names our refund when one we sent gave
 * it back (null for one the gateway reported of itself, made in its dashboard, say), {@code
 * requestedBy} who asked for it, and {@code via} how we learnt it: {@code refund} (the gateway's
 * answer), {@code retrieve} (the charge read back), {@code webhook}.
 */
public record PaymentRefunded(
    long orderId,
    String gateway,
    String chargeId,
    long amount,
    long refundedTotal,
    String currency,
    boolean full,
    Long refundId,
    String gatewayRefundId,
    String requestedBy,
    String via) {}
