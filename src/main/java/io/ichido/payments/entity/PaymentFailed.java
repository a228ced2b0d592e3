package io.ichido.payments.entity;

/** The payment an order was waiting for failed for good; {@code reason} is the gateway's code. */
public record PaymentFailed(long orderId, String gateway, String chargeId, String reason) {}
