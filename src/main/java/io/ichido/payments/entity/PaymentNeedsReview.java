package io.ichido.payments.entity;

/**
 * Money arrived that does not settle the order as it stands (a bank transfer of the wrong amount, a
 * payment after the order lapsed): a person must decide.
 */
public record PaymentNeedsReview(
    long orderId, String gateway, String chargeId, long amount, String currency, String reason) {}
