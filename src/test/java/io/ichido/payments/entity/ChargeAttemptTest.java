package io.ichido.payments.entity;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ChargeAttemptTest {

  private static ChargeAttempt started(Duration lease) {
    return new ChargeAttempt(
        7,
        "pay-1",
        "ik_x",
        "stripe",
        PaymentMethod.CARD,
        5000,
        "JPY",
        "ORDER-7",
        "{}",
        null,
        lease,
        1);
  }

  @Test
  @DisplayName("a started attempt is held by its request until the lease ends")
  void heldWhileLeased() {
    ChargeAttempt live = started(Duration.ofMinutes(1));
    ChargeAttempt abandoned = started(Duration.ofMillis(-1));

    assertThat(live.status().inDoubt()).isTrue();
    assertThat(live.claim(Duration.ofMinutes(1))).isFalse();
    assertThat(abandoned.claim(Duration.ofMinutes(1))).isTrue();
    assertThat(abandoned.claim(Duration.ofMinutes(1))).as("now held by the claimant").isFalse();
    assertThat(abandoned.reconciliations()).isEqualTo(1);
  }

  @Test
  @DisplayName("an unknown outcome may be asked about at once; a settled one never again")
  void unknownThenSettled() {
    ChargeAttempt attempt = started(Duration.ofMinutes(1));
    attempt.unknown("gateway_unavailable", Duration.ZERO);
    assertThat(attempt.status()).isEqualTo(ChargeStatus.UNKNOWN);
    assertThat(attempt.claim(Duration.ofMinutes(1))).isTrue();

    attempt.answered(ChargeStatus.SUCCEEDED, "pi_1", null, null);
    assertThat(attempt.status().paid()).isTrue();
    assertThat(attempt.leaseUntil()).isNull();
    assertThat(attempt.claim(Duration.ofMinutes(1))).isFalse();
  }

  @Test
  @DisplayName(
      "refunds count up to the charge: part, then all; a repeat or a smaller total is news to no one")
  void refunds() {
    ChargeAttempt attempt = started(Duration.ofMinutes(1));
    assertThat(attempt.refunded(1000)).as("nothing paid yet").isFalse();
    attempt.answered(ChargeStatus.SUCCEEDED, "pi_1", null, null);

    assertThat(attempt.refunded(1000)).isTrue();
    assertThat(attempt.status()).isEqualTo(ChargeStatus.PARTIALLY_REFUNDED);
    assertThat(attempt.refunded(1000)).isFalse();
    assertThat(attempt.refunded(500)).isFalse();
    assertThat(attempt.refunded(5000)).isTrue();
    assertThat(attempt.status()).isEqualTo(ChargeStatus.REFUNDED);
    assertThat(attempt.refundedAmount()).isEqualTo(5000);
  }
}
