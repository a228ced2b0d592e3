package io.ichido.payments.entity;

/**
 * The money decider decided something of an order's money: its ledger, or the part each attempt
 * plays in it, moved. Fired in the transaction that moved it, so that what the order shows is taken
 * from its ledger again before that transaction commits.
 */
public record LedgerMoved(long orderId) {}
