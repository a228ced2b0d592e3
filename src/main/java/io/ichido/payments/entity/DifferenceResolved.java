package io.ichido.payments.entity;

/** An operator closed a difference between a gateway's records and our ledger, saying why. */
public record DifferenceResolved(
    long differenceId,
    String gateway,
    DifferenceKind kind,
    String gatewayId,
    Long orderId,
    String operator,
    String note) {}
