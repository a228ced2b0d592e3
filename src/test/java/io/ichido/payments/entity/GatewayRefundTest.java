package io.ichido.payments.entity;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class GatewayRefundTest {

  private static ChargeAttempt paid() throws ReflectiveOperationException {
    ChargeAttempt attempt = TestAttempts.card("omise", Duration.ofMinutes(1));
    attempt.answered(ChargeStatus.SUCCEEDED, "chrg_1", null, null);
    Field id = ChargeAttempt.class.getDeclaredField("id");
    id.setAccessible(true);
    id.set(attempt, 41L);
    return attempt;
  }

  @Test
  @DisplayName("a refund whose first send starts after its lease ran out is held from that send on")
  void firstSendStartedLate() throws Exception {
    // Created with a lease already past: its creator sends it only now, as a review refund's
    // later attempt does once the earlier ones are done.
    GatewayRefund late =
        new GatewayRefund(paid(), "rf_1", 1000, "requested_by_customer", Duration.ofMillis(-1), 0);

    late.firstTry(Duration.ofMinutes(1));

    assertThat(late.claim(Duration.ofMinutes(1)))
        .as("a sweep takes the refund while its first send is with the gateway")
        .isFalse();
    assertThat(late.tries()).isEqualTo(1);
  }

  @Test
  @DisplayName("a refund left by its first sender is taken by a sweep once the lease has passed")
  void abandonedFirstSend() throws Exception {
    GatewayRefund left =
        new GatewayRefund(paid(), "rf_2", 1000, "requested_by_customer", Duration.ofMillis(-1), 0);

    left.firstTry(Duration.ofMillis(-1));

    assertThat(left.claim(Duration.ofMinutes(1))).isTrue();
    assertThat(left.tries()).isEqualTo(2);
  }
}
