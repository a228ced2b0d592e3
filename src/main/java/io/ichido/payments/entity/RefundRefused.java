package io.ichido.payments.entity;

/**
 * The gateway refused a refund someone asked for, and nothing went back: the order stays as it was,
 * and whoever asked is told why ({@code code}, the gateway's own).
 */
public record RefundRefused(
    long orderId,
    long refundId,
    String gateway,
    String chargeId,
    long amount,
    String currency,
    String requestedBy,
    String code) {}
