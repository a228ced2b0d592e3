package io.ichido.payments.control;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Bounds what a signed return link can make us ask a gateway: anyone holding the link (valid for
 * hours) may load it as often as they like, and each load would read the payment back. Per charge
 * attempt, at most one read from a return is in flight, and reads start at most {@code BURST} at a
 * time and then one per {@code REFILL_MILLIS} (a customer's early return and the one after paying
 * both read; a link loaded in a loop, once per two seconds at most). A return that finds a read in
 * flight, or no read left, answers with what we know now, without a call. However often the link is
 * loaded, it takes at most one gateway lane, and the other charges keep theirs.
 */
@ApplicationScoped
public class ReturnReads {

  static final int BURST = 3;
  static final long REFILL_MILLIS = 2000;
  private static final int REMEMBERED = 10_000;

  /** Reads an attempt has left, as of {@code at}. */
  private record Bucket(double reads, long at) {}

  private final Map<Long, Boolean> inFlight = new ConcurrentHashMap<>();
  private final Map<Long, Bucket> buckets = new ConcurrentHashMap<>();
  private final LongSupplier clock;

  public ReturnReads() {
    this(System::currentTimeMillis);
  }

  ReturnReads(LongSupplier clock) {
    this.clock = clock;
  }

  /**
   * What {@code read} answers for the attempt, or empty when a read of it from a return is in
   * flight or the attempt has no read left (then nothing is read).
   */
  public <T> Optional<T> once(long attemptId, Supplier<T> read) {
    if (inFlight.putIfAbsent(attemptId, Boolean.TRUE) != null) {
      return Optional.empty();
    }
    try {
      // Only the holder of the attempt's in-flight mark reaches here: its bucket is ours alone.
      long now = clock.getAsLong();
      Bucket bucket = buckets.get(attemptId);
      double left =
          bucket == null
              ? BURST
              : Math.min(BURST, bucket.reads() + (now - bucket.at()) / (double) REFILL_MILLIS);
      if (left < 1) {
        buckets.put(attemptId, new Bucket(left, now));
        return Optional.empty();
      }
      if (buckets.size() >= REMEMBERED) {
        buckets.clear();
      }
      buckets.put(attemptId, new Bucket(left - 1, now));
      return Optional.of(read.get());
    } finally {
      inFlight.remove(attemptId);
    }
  }
}
