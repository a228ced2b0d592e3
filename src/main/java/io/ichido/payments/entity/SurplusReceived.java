package io.ichido.payments.entity;

/**
 * A gateway reported money for an attempt that is not the order's payment (a late capture of a
 * declined or abandoned attempt, a second charge): {@code reason} says why it is surplus, {@code
 * via} how we heard (a webhook, an answer, a lookup). It goes back by itself.
 */
public record SurplusReceived(
    long orderId,
    long attemptId,
    String gateway,
    String chargeId,
    String reference,
    long amount,
    String currency,
    String reason,
    String via) {}
