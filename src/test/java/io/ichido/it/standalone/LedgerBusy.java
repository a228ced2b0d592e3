package io.ichido.it.standalone;

import io.ichido.idempotency.boundary.TransientFailure;

/** The team's own temporary failure: marked as such, so the layer frees the key for a retry. */
public class LedgerBusy extends RuntimeException implements TransientFailure {

  public LedgerBusy() {
    super("the ledger is busy");
  }
}
