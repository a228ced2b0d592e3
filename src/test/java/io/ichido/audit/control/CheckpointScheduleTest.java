package io.ichido.audit.control;

import static org.assertj.core.api.Assertions.assertThat;

import io.ichido.audit.control.CheckpointSchedule.Last;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class CheckpointScheduleTest {

  private static final Instant T = Instant.parse("2026-11-30T00:00:00Z");
  private static final CheckpointSchedule EVERY_1000_OR_10S =
      new CheckpointSchedule(1000, Duration.ofSeconds(10));

  @Test
  @DisplayName("an empty log gets no checkpoint; the first entry gets one at once")
  void first() {
    assertThat(EVERY_1000_OR_10S.due(0, null, T)).isFalse();
    assertThat(EVERY_1000_OR_10S.due(1, null, T)).isTrue();
  }

  @Test
  @DisplayName("nothing new since the last checkpoint: none, however long ago it was")
  void headStill() {
    assertThat(EVERY_1000_OR_10S.due(500, new Last(500, T), T.plus(Duration.ofDays(1)))).isFalse();
  }

  @Test
  @DisplayName("1000 entries since the last: due at once; 999: not before the interval")
  void byEntries() {
    Last last = new Last(500, T);
    assertThat(EVERY_1000_OR_10S.due(1500, last, T.plusMillis(100))).isTrue();
    assertThat(EVERY_1000_OR_10S.due(1499, last, T.plusMillis(100))).isFalse();
  }

  @Test
  @DisplayName("one entry since the last: due once the interval has passed, not before")
  void byTime() {
    Last last = new Last(500, T);
    assertThat(EVERY_1000_OR_10S.due(501, last, T.plusSeconds(10))).isTrue();
    assertThat(EVERY_1000_OR_10S.due(501, last, T.plusSeconds(10).minusNanos(1000))).isFalse();
  }

  @Test
  @DisplayName("nonsense settings are read as the tightest sensible ones")
  void clamped() {
    CheckpointSchedule schedule = new CheckpointSchedule(0, Duration.ofSeconds(-1));
    assertThat(schedule.entries()).isEqualTo(1);
    assertThat(schedule.interval()).isZero();
  }
}
