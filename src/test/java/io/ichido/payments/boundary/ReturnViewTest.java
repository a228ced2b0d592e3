package io.ichido.payments.boundary;

import static org.assertj.core.api.Assertions.assertThat;

import io.ichido.payments.control.ChargeOutcome;
import io.ichido.payments.entity.ChargeAttempt;
import io.ichido.payments.entity.ChargeStatus;
import io.ichido.payments.entity.TestAttempts;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ReturnViewTest {

  private static final String PAGE = "https://pay.omise.co/payments/x/authorize";

  @Test
  @DisplayName("3-D Secure still open: requires_action, and where it continues")
  void stillOpenOffersThePage() {
    ReturnView view = ReturnView.of(outcome(false));

    assertThat(view.status()).isEqualTo("requires_action");
    assertThat(view.authorizeUri()).isEqualTo(PAGE);
  }

  @Test
  @DisplayName(
      "the customer is done at the gateway's page, which has not decided yet: processing, and the"
          + " page is not offered again")
  void processingOffersNoPage() {
    ReturnView view = ReturnView.of(outcome(true));

    assertThat(view.status()).isEqualTo("processing");
    assertThat(view.authorizeUri()).isNull();
    assertThat(view.orderStatus()).isEqualTo("PENDING_PAYMENT");
  }

  private static ChargeOutcome outcome(boolean processing) {
    ChargeAttempt attempt = TestAttempts.card("omise", Duration.ofMinutes(1));
    attempt.answered(ChargeStatus.REQUIRES_ACTION, "chrg_test_1", null, null);
    return new ChargeOutcome(
        attempt,
        "PENDING_PAYMENT",
        Map.of("authorize_uri", PAGE),
        processing ? null : PAGE,
        null,
        processing);
  }
}
