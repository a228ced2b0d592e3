package io.ichido.idempotency.control;

import java.io.Serial;

/** The {@code Idempotency-Key} header is present but cannot be used as a key. */
public class InvalidIdempotencyKey extends RuntimeException {
  @Serial private static final long serialVersionUID = 1L;

  public InvalidIdempotencyKey(String reason) {
    super(reason);
  }
}
