package io.ichido.notifications.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ClaimTest {

  private static final long SECOND = Duration.ofSeconds(1).toNanos();

  @Test
  @DisplayName(
      "another send starts only if it would end, cut off at its deadline, before the lease")
  void roomForOneMoreSend() {
    long now = 1_000 * SECOND;
    Claim claim = new Claim(UUID.randomUUID(), now + 120 * SECOND, List.of());
    Duration deadline = Duration.ofSeconds(25);

    assertThat(claim.roomFor(deadline, now)).isTrue();
    assertThat(claim.roomFor(deadline, now + 94 * SECOND)).isTrue();
    assertThat(claim.roomFor(deadline, now + 95 * SECOND)).isFalse();
    assertThat(claim.roomFor(deadline, now + 200 * SECOND)).isFalse();
  }

  @Test
  @DisplayName("nanoTime may be negative and wrap: only differences count")
  void survivesNanoTimeWrapping() {
    long now = Long.MAX_VALUE - 10 * SECOND;
    Claim claim = new Claim(UUID.randomUUID(), now + 120 * SECOND, List.of());

    assertThat(claim.roomFor(Duration.ofSeconds(25), now)).isTrue();
    assertThat(claim.roomFor(Duration.ofSeconds(25), now + 100 * SECOND)).isFalse();
  }
}
