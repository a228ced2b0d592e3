package io.ichido.payments.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ReturnReadsTest {

  private final AtomicLong now = new AtomicLong(1_000_000);
  private final ReturnReads reads = new ReturnReads(now::get);

  @Test
  void aFewReadsAtOnceThenOnePerRefill() {
    for (int i = 0; i < ReturnReads.BURST; i++) {
      assertThat(reads.once(1, () -> "read")).as("read %d", i).contains("read");
    }
    assertThat(reads.once(1, () -> "one too many")).isEmpty();
    // Another attempt has reads of its own.
    assertThat(reads.once(2, () -> "other")).contains("other");

    now.addAndGet(ReturnReads.REFILL_MILLIS - 1);
    assertThat(reads.once(1, () -> "too soon")).isEmpty();
    now.addAndGet(1);
    assertThat(reads.once(1, () -> "refilled")).contains("refilled");
    assertThat(reads.once(1, () -> "one too many")).isEmpty();

    // However long the link rests, no more than a burst is saved up.
    now.addAndGet(100 * ReturnReads.REFILL_MILLIS);
    for (int i = 0; i < ReturnReads.BURST; i++) {
      assertThat(reads.once(1, () -> "read")).contains("read");
    }
    assertThat(reads.once(1, () -> "one too many")).isEmpty();
  }

  @Test
  void aReadInFlightIsTheOnlyOne() throws Exception {
    CountDownLatch reading = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    AtomicInteger calls = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(1);
    try {
      Future<Optional<Integer>> first =
          pool.submit(
              () ->
                  reads.once(
                      7,
                      () -> {
                        reading.countDown();
                        await(release);
                        return calls.incrementAndGet();
                      }));
      assertThat(reading.await(10, TimeUnit.SECONDS)).isTrue();
      // Reads are left, and time passes: the first is still at the gateway all the same.
      now.addAndGet(10 * ReturnReads.REFILL_MILLIS);
      for (int i = 0; i < 50; i++) {
        assertThat(reads.once(7, calls::incrementAndGet)).isEmpty();
      }
      release.countDown();
      assertThat(first.get(10, TimeUnit.SECONDS)).contains(1);
      assertThat(calls).hasValue(1);
      assertThat(reads.once(7, calls::incrementAndGet)).contains(2);
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void aFailedReadCountsAndFreesTheAttempt() {
    for (int i = 0; i < ReturnReads.BURST; i++) {
      try {
        reads.once(
            3,
            () -> {
              throw new IllegalStateException("no answer");
            });
      } catch (IllegalStateException expected) {
        // as the gateway left it
      }
    }
    assertThat(reads.once(3, () -> "none left")).isEmpty();
    now.addAndGet(ReturnReads.REFILL_MILLIS);
    assertThat(reads.once(3, () -> "later")).contains("later");
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
