package io.ichido.sandbox;

/**
 * An {@code index_delay} fault: the charge the request makes is found by the gateway's search only
 * this long after it was made, as Stripe's and Omise's search indexes lag. The handler names the
 * delay for its thread; {@link Payments#add} reads it. Retrieval by id never lags.
 */
final class IndexDelay {

  private static final ThreadLocal<Long> PENDING = new ThreadLocal<>();

  private IndexDelay() {}

  static void ahead(long millis) {
    PENDING.set(millis);
  }

  static void forget() {
    PENDING.remove();
  }

  /** The delay named for this thread, 0 without one. */
  static long millis() {
    Long millis = PENDING.get();
    return millis == null ? 0 : millis;
  }
}
