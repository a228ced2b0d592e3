package io.ichido.it.idempotency.standalone;

import io.ichido.idempotency.boundary.TransientFailure;
import java.io.Serial;

/** The team's own temporary failure: marked as such, so the layer frees the key for a retry. */
public class LedgerBusy extends RuntimeException implements TransientFailure {
  @Serial private static final long serialVersionUID = 1L;

  public LedgerBusy() {
    super("the ledger is busy");
  }
}
