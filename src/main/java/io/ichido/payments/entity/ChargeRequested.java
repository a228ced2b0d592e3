package io.ichido.payments.entity;

/** A charge attempt was recorded and is about to be sent to its gateway under this key. */
public record ChargeRequested(
    long orderId,
    String idempotencyKey,
    String gateway,
    String method,
    long amount,
    String currency,
    String reference) {}
