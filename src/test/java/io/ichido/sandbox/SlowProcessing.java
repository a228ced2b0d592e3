package io.ichido.sandbox;

/**
 * A {@code slow} fault: the gateway takes its time over the request itself, so its idempotency key
 * is in flight meanwhile (unlike {@code delay}, where the work is done and only the answer is
 * late). The handler names the delay for its thread; the gateway spends it where its work is, or
 * the handler after the work when the gateway has no such place.
 */
final class SlowProcessing {

  private static final ThreadLocal<Long> PENDING = new ThreadLocal<>();

  private SlowProcessing() {}

  static void ahead(long millis) {
    PENDING.set(millis);
  }

  static void forget() {
    PENDING.remove();
  }

  /** Spends the delay named for this thread, if any: once. */
  static void now() {
    Long millis = PENDING.get();
    PENDING.remove();
    if (millis == null || millis <= 0) {
      return;
    }
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while processing slowly", e);
    }
  }
}
