package io.ichido.sandbox;

/**
 * A {@code slow} fault: the gateway takes its time over the request itself, so its idempotency key
 * is in flight meanwhile (unlike {@code delay}, where the work is done and only the answer is
 * late). The handler names the delay for its thread; the gateway spends it where its work is, or
 * the handler after the work when the gateway has no such place. The sandbox's {@link SlowHolds}
 * counts the hold as it begins and may end it early.
 */
final class SlowProcessing {

  /** The delay, and the sandbox's holds it is spent in. */
  private record Pending(long millis, SlowHolds holds) {}

  private static final ThreadLocal<Pending> PENDING = new ThreadLocal<>();

  private SlowProcessing() {}

  static void ahead(long millis, SlowHolds holds) {
    PENDING.set(new Pending(millis, holds));
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
    try {
      pending.holds().hold(pending.millis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while processing slowly", e);
    }
  }
}
