package io.ichido.payments.entity;

/** The customer did not pay an asynchronous payment before it lapsed. */
public record PaymentExpired(long orderId, String gateway, String chargeId, String customerEmail) {}
