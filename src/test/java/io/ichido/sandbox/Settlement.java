package io.ichido.sandbox;

/** What the control API can make the customer do with an asynchronous payment. */
enum Settlement {
  COMPLETE(LedgerStatus.PAID),
  EXPIRE(LedgerStatus.EXPIRED);

  /** How a settlement request went. */
  enum Outcome {
    SETTLED,
    UNKNOWN_PAYMENT,
    NOT_PENDING
  }

  private final LedgerStatus ledgerStatus;

  Settlement(LedgerStatus ledgerStatus) {
    this.ledgerStatus = ledgerStatus;
  }

  LedgerStatus ledgerStatus() {
    return ledgerStatus;
  }
}
