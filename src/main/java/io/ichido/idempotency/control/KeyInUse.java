package io.ichido.idempotency.control;

/** Another request holding the same key is still running (or its lease has not yet run out). */
public class KeyInUse extends RuntimeException {

  private final long retryAfterSeconds;

  public KeyInUse(long retryAfterSeconds) {
    super("A request with this Idempotency-Key is still being processed");
    this.retryAfterSeconds = Math.max(1, retryAfterSeconds);
  }

  public long retryAfterSeconds() {
    return retryAfterSeconds;
  }
}
