package io.ichido.payments.entity;

/**
 * The gateway closed the dispute about a paid order's payment, as the money decider decided it:
 * {@code won} by the merchant, the order keeps what its payment holds; lost, the {@code withdrawn}
 * its customer's bank took back stays with the customer, as a refund of the payment would.
 */
public record DisputeClosed(
    long orderId,
    String gateway,
    String chargeId,
    boolean won,
    long withdrawn,
    String currency,
    String reason) {}
