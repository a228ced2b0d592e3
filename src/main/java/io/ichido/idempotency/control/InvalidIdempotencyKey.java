package io.ichido.idempotency.control;

/** The {@code Idempotency-Key} header is present but cannot be used as a key. */
public class InvalidIdempotencyKey extends RuntimeException {

  public InvalidIdempotencyKey(String reason) {
    super(reason);
  }
}
