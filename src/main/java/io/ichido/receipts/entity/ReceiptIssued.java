package io.ichido.receipts.entity;

/** A receipt or return invoice was issued, in the transaction that issued it. */
public record ReceiptIssued(Receipt receipt, String customer) {}
