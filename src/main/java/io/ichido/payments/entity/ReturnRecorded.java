package io.ichido.payments.entity;

/**
 * An operator recorded {@code amount} of an attempt's money given back outside Ichido (in the
 * gateway's merchant portal), under {@code reference}: money that could not go back by itself.
 */
public record ReturnRecorded(
    long orderId,
    long attemptId,
    String gateway,
    String chargeId,
    long amount,
    String currency,
    String reference,
    String operator,
    String idempotencyKey) {}
