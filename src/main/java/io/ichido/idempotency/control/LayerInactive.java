package io.ichido.idempotency.control;

import java.io.Serial;

/** The idempotency layer would not guard the application's {@code @Idempotent} endpoints. */
public class LayerInactive extends IllegalStateException {

  @Serial private static final long serialVersionUID = 1L;

  public LayerInactive(String problem) {
    super(problem);
  }
}
