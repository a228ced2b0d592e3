package io.ichido.receipts.entity;

/**
 * A receipt or return invoice was issued, in the transaction that issued it. {@code text} is the
 * document as plain text, for the e-mail that carries the original; {@code paidWith} names the
 * payment a receipt is for ("stripe (ch_...)"), null on a return invoice.
 */
public record ReceiptIssued(Receipt receipt, String customer, String text, String paidWith) {}
