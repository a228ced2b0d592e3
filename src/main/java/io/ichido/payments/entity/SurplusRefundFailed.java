package io.ichido.payments.entity;

/**
 * A surplus could not go back by itself (the gateway refused the refund, or refunds by API are not
 * spoken for it): a person gives the money back, told why.
 */
public record SurplusRefundFailed(
    long orderId,
    long attemptId,
    String gateway,
    String chargeId,
    long amount,
    String currency,
    String reason) {}
