package io.ichido.payments.entity;

/**
 * An operator stated what the gateway's merchant portal shows for a refund whose outcome Ichido
 * could not learn: {@code made} under the gateway's {@code gatewayRefundId}, or never made, read
 * under {@code reference}.
 */
public record RefundOutcomeRecorded(
    long orderId,
    long refundId,
    long attemptId,
    String gateway,
    long amount,
    String currency,
    boolean made,
    String gatewayRefundId,
    String reference,
    String operator,
    String idempotencyKey) {}
