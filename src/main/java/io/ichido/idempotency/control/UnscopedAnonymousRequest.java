package io.ichido.idempotency.control;

import java.io.Serial;

/**
 * A request without an authenticated principal reached an {@code @Idempotent} endpoint that names
 * no scope header: the endpoint is reachable anonymously, which its configuration did not foresee.
 */
public class UnscopedAnonymousRequest extends RuntimeException {
  @Serial private static final long serialVersionUID = 1L;

  public UnscopedAnonymousRequest() {
    super("No authenticated principal, and the endpoint names no scope header");
  }
}
