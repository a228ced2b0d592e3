package io.ichido.sandbox;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * The requests a {@code slow} fault holds in one sandbox ({@link SlowProcessing}): how many holds
 * began (each request's key, if it has one, in flight from then on), and an early end to those held
 * now, so that a test can hold a request for as long as it needs and no longer.
 */
final class SlowHolds {

  private final Set<CountDownLatch> held = ConcurrentHashMap.newKeySet();
  private final LongAdder begun = new LongAdder();

  /** Holds this thread for {@code millis}, or until {@link #release}. */
  void hold(long millis) throws InterruptedException {
    CountDownLatch release = new CountDownLatch(1);
    held.add(release);
    begun.increment();
    try {
      release.await(millis, TimeUnit.MILLISECONDS);
    } finally {
      held.remove(release);
    }
  }

  /** Lets every request held now go on at once; how many there were. */
  int release() {
    int released = 0;
    for (CountDownLatch release : held) {
      if (held.remove(release)) {
        release.countDown();
        released++;
      }
    }
    return released;
  }

  /** How many holds began since the sandbox started or was reset. */
  long begun() {
    return begun.sum();
  }

  /** Forgets the count; requests held now stay held. */
  void clear() {
    begun.reset();
  }
}
