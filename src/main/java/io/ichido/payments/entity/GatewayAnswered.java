package io.ichido.payments.entity;

/**
 * A gateway answered about a charge attempt: the attempt now has this status. {@code via} says how
 * the answer came: {@code charge} (the request itself), {@code resend} (the same request sent again
 * under the same gateway key), {@code retrieve} or {@code lookup} (asked afterwards).
 */
public record GatewayAnswered(
    long orderId,
    String idempotencyKey,
    String gateway,
    String chargeId,
    ChargeStatus status,
    long amount,
    String currency,
    String failureCode,
    String via) {}
