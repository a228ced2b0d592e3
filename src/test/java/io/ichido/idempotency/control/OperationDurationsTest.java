package io.ichido.idempotency.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class OperationDurationsTest {

  private static final Method FAST = method("fast");
  private static final Method SLOW = method("slow");

  void fast() {}

  void slow() {}

  private static Method method(String name) {
    try {
      return OperationDurationsTest.class.getDeclaredMethod(name);
    } catch (NoSuchMethodException e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  @DisplayName("a twin of an endpoint never seen, or a fast one, is told one second")
  void oneSecondAtLeast() {
    OperationDurations durations = new OperationDurations();
    assertThat(durations.retryAfterSeconds(FAST, 120)).isOne();
    durations.held(FAST, 30_000_000L);
    assertThat(durations.retryAfterSeconds(FAST, 120)).isOne();
  }

  @Test
  @DisplayName("a slow endpoint's twins wait about as long as it usually takes, up to the lease")
  void usualTimeRoundedUpWithinTheLease() {
    OperationDurations durations = new OperationDurations();
    durations.held(SLOW, 4_200_000_000L);
    assertThat(durations.retryAfterSeconds(SLOW, 120)).isEqualTo(5);
    assertThat(durations.retryAfterSeconds(SLOW, 3)).isEqualTo(3);
    assertThat(durations.retryAfterSeconds(FAST, 120)).as("per endpoint").isOne();
  }

  @Test
  @DisplayName("the average follows the newest times, one fifth at a time")
  void movingAverage() {
    OperationDurations durations = new OperationDurations();
    durations.held(SLOW, 10_000_000_000L);
    for (int i = 0; i < 30; i++) {
      durations.held(SLOW, 1_000_000_000L);
    }
    assertThat(durations.usual(SLOW).toMillis()).isBetween(1_000L, 1_020L);
    assertThat(durations.retryAfterSeconds(SLOW, 120)).isBetween(1L, 2L);
  }
}
