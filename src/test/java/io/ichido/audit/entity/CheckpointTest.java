package io.ichido.audit.entity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class CheckpointTest {

  private static final String HASH = "3c" + "0".repeat(60) + "9f";

  @Test
  @DisplayName(
      "the signed message is four LF-terminated lines an auditor can rebuild byte for byte")
  void messageBytes() {
    Checkpoint checkpoint =
        new Checkpoint(
            812, HASH, Instant.parse("2026-11-30T19:59:58.1234Z"), "7ab68fb1c9cfc385", "");

    assertThat(checkpoint.messageBytes())
        .isEqualTo(
            ("ichido-payment-log-checkpoint\n812\n" + HASH + "\n2026-11-30T19:59:58.123400Z\n")
                .getBytes(StandardCharsets.UTF_8));
  }

  @Test
  @DisplayName("the time always has six fraction digits, whole seconds included, in UTC")
  void signedAtFormat() {
    assertThat(Checkpoint.signedAt(Instant.parse("2026-01-01T00:00:00Z")))
        .isEqualTo("2026-01-01T00:00:00.000000Z");
    assertThat(Checkpoint.signedAt(Instant.parse("2026-01-01T09:00:00.000001+09:00")))
        .isEqualTo("2026-01-01T00:00:00.000001Z");
  }

  @Test
  @DisplayName("a time finer than the microseconds the message carries is refused")
  void nanosecondsRefused() {
    assertThatThrownBy(
            () -> new Checkpoint(1, HASH, Instant.parse("2026-01-01T00:00:00.0000001Z"), "k", ""))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("microseconds");
  }
}
