package io.ichido.payments.entity;

/**
 * An asynchronous payment (konbini, bank transfer, PayPay, Rakuten Pay) exists and waits for the
 * customer.
 */
public record PaymentAuthorized(
    long orderId, String gateway, String chargeId, String idempotencyKey) {}
