package io.ichido.payments.entity;

/**
 * A reconciliation found, for the first time, a difference between a gateway's records and our
 * ledger: {@code atGateway} and {@code onLedger} are what each shows of it.
 */
public record DifferenceFound(
    long differenceId,
    String gateway,
    DifferenceKind kind,
    String gatewayId,
    Long orderId,
    Long attemptId,
    long atGateway,
    long onLedger,
    String currency,
    String detail,
    long runId) {}
