package io.ichido.payments.entity;

/** A gateway answered a charge request (synchronously): the attempt now has this status. */
public record GatewayAnswered(
    long orderId,
    String idempotencyKey,
    String gateway,
    String chargeId,
    ChargeStatus status,
    long amount,
    String currency,
    String failureCode) {}
