package io.ichido.platform.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class RetriesInBackgroundTest {

  private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();

  @AfterEach
  void stop() {
    scheduler.shutdownNow();
  }

  @Test
  @DisplayName("tried until it works, each wait twice the last up to the longest")
  void untilItWorks() throws Exception {
    AtomicInteger tries = new AtomicInteger();
    List<Duration> waits = new CopyOnWriteArrayList<>();
    CountDownLatch done = new CountDownLatch(1);

    new RetriesInBackground(
            scheduler,
            Duration.ofMillis(1),
            Duration.ofMillis(4),
            wait -> waits.add(wait),
            () -> {
              if (tries.incrementAndGet() < 5) {
                throw new IllegalStateException("the database is away");
              }
            },
            done::countDown,
            () -> {
              throw new AssertionError("gave up");
            })
        .start();

    assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
    assertThat(tries).hasValue(5);
    assertThat(waits)
        .containsExactly(
            Duration.ofMillis(1),
            Duration.ofMillis(2),
            Duration.ofMillis(4),
            Duration.ofMillis(4),
            Duration.ofMillis(4));
  }

  @Test
  @DisplayName("gives up once a wait would end too late, and tries no more")
  void givesUp() throws Exception {
    AtomicInteger tries = new AtomicInteger();
    CountDownLatch gaveUp = new CountDownLatch(1);

    new RetriesInBackground(
            scheduler,
            Duration.ofMillis(1),
            Duration.ofMillis(8),
            wait -> wait.toMillis() < 4,
            () -> {
              tries.incrementAndGet();
              throw new IllegalStateException("the database is away");
            },
            () -> {
              throw new AssertionError("done");
            },
            gaveUp::countDown)
        .start();

    assertThat(gaveUp.await(10, TimeUnit.SECONDS)).isTrue();
    assertThat(tries).as("after 1 ms and 2 ms; 4 ms would end too late").hasValue(2);
  }
}
