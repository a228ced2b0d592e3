package io.ichido.idempotency.entity;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ClaimRequestTest {

  @Test
  @DisplayName(
      "a claim whose retention is not longer than its lease is refused: whatever skipped the"
          + " startup checks, a key is never claimed so")
  void retentionMustOutlastTheLease() {
    assertThatThrownBy(() -> claim(Duration.ofMinutes(2), Duration.ofMinutes(2)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("the retention (PT2M) is not longer than the lease (PT2M)");
    assertThatCode(() -> claim(Duration.ofMinutes(3), Duration.ofMinutes(2)))
        .doesNotThrowAnyException();
  }

  private static ClaimRequest claim(Duration retention, Duration lease) {
    return new ClaimRequest("principal:a", "k", "f", "POST", "/orders", retention, lease);
  }
}
