package io.ichido.payments.entity;

/** A surplus went back to the customer through the gateway that took it. */
public record SurplusRefunded(
    long orderId,
    long attemptId,
    String gateway,
    String chargeId,
    long refundId,
    String gatewayRefundId,
    long amount,
    String currency,
    String via) {}
