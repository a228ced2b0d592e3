package io.ichido.receipts.entity;

/** What a document is, and how its numbers begin. */
public enum ReceiptKind {
  /** 適格簡易請求書: the receipt of a paid order. */
  RECEIPT("R"),
  /** 適格返還請求書: what a refund gave back. */
  RETURN("H");

  private final String prefix;

  ReceiptKind(String prefix) {
    this.prefix = prefix;
  }

  public String prefix() {
    return prefix;
  }
}
