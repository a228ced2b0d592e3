package io.ichido.sandbox;

/**
 * A {@code slow} fault: the gateway takes its time over the request itself, so its idempotency key
 * is in flight meanwhile (unlike {@code delay}, where the work is done and only the answer is
 * late). The handler names the delay for its thread; the gateway spends it where its work is, or
 * the handler after the work when the gateway has no such place.
 */
final class SlowProcessing {

  /** The delay, and what to tell as it begins: from then on the request is held. */
  private record Pending(long millis, Runnable onHold) {}

  private static final ThreadLocal<Pending> PENDING = new ThreadLocal<>();

  private SlowProcessing() {}

  static void ahead(long millis, Runnable onHold) {
    PENDING.set(new Pending(millis, onHold));
  }

  static void forget() {
    PENDING.remove();
  }

  /** Spends the delay named for this thread, if any: once. */
  static void now() {
    Pending pending = PENDING.get();
    PENDING.remove();
    if (pending == null || pending.millis() <= 0) {
      return;
    }
    pending.onHold().run();
    try {
      Thread.sleep(pending.millis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while processing slowly", e);
    }
  }
}
