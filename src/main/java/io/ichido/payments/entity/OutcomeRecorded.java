package io.ichido.payments.entity;

/**
 * An operator stated what the gateway's merchant portal shows for a charge whose outcome Ichido
 * could not learn ({@code taken} 0: nothing was charged), under {@code reference}.
 */
public record OutcomeRecorded(
    long orderId,
    long attemptId,
    String gateway,
    long taken,
    String currency,
    String reference,
    String operator,
    String idempotencyKey) {}
