package io.ichido.payments.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class PaymentDeadlineTest {

  @Test
  @DisplayName("KOMOJU's payment_deadline and Stripe's konbini expires_at are deadlines; else none")
  void deadlines() {
    assertThat(ChargePhases.deadline(Map.of("payment_deadline", "2026-12-03T14:59:59Z")))
        .isEqualTo(Instant.parse("2026-12-03T14:59:59Z"));
    assertThat(
            ChargePhases.deadline(
                Map.of("konbini_display_details", Map.of("expires_at", 1_796_313_599L))))
        .isEqualTo(Instant.ofEpochSecond(1_796_313_599L));
    assertThat(ChargePhases.deadline(Map.of("payment_deadline", "tomorrow"))).isNull();
    assertThat(ChargePhases.deadline(Map.of("type", "display_bank_transfer_instructions")))
        .isNull();
  }
}
