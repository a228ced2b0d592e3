package io.ichido.payments.entity;

/**
 * A surplus went back to the customer through the gateway that took it: by the refund we sent
 * ({@code refundId}), or by the gateway itself (a payment that raced our cancel of it: no refund of
 * ours, {@code refundId} null).
 */
public record SurplusRefunded(
    long orderId,
    long attemptId,
    String gateway,
    String chargeId,
    Long refundId,
    String gatewayRefundId,
    long amount,
    String currency,
    String via) {}
