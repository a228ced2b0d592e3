package io.ichido.idempotency.control;

import java.io.Serial;

/**
 * The request ran past its lease and another request took the key over. Its work must not commit:
 * throwing this inside the endpoint's transaction rolls it back.
 */
public class LeaseLost extends RuntimeException {
  @Serial private static final long serialVersionUID = 1L;

  public LeaseLost() {
    super("The idempotency key was taken over by another request after this one's lease ended");
  }
}
