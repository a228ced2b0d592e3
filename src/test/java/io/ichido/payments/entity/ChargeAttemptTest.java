package io.ichido.payments.entity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ChargeAttemptTest {

  private static ChargeAttempt started(Duration lease) {
    return TestAttempts.card("stripe", lease);
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

  @Test
  @DisplayName("a resend moves the time the request last left; a lookup does not")
  void resendMovesSentAt() throws Exception {
    ChargeAttempt attempt = started(Duration.ofMillis(-1));
    var first = attempt.sentAt();
    Thread.sleep(2);
    assertThat(attempt.claim(Duration.ofMillis(-1), false)).isTrue();
    assertThat(attempt.sentAt()).isEqualTo(first);
    Thread.sleep(2);
    assertThat(attempt.claim(Duration.ofMinutes(1), true)).isTrue();
    assertThat(attempt.sentAt()).isAfter(first);
  }

  @Test
  @DisplayName(
      "money for an attempt that is not the order's payment is surplus, whatever it said before,"
          + " outside the order's slot, and goes back once")
  void surplus() {
    ChargeAttempt declined = started(Duration.ofMinutes(1));
    declined.answered(ChargeStatus.DECLINED, null, "card_declined", null);

    declined.surplus("pay_9", 5000);
    assertThat(declined.status()).isEqualTo(ChargeStatus.SURPLUS);
    assertThat(declined.status().holdsSlot()).isFalse();
    assertThat(declined.status().paid()).as("never the order's payment").isFalse();
    assertThat(declined.gatewayChargeId()).isEqualTo("pay_9");
    assertThat(declined.receivedAmount()).isEqualTo(5000);
    assertThat(declined.refunded(5000)).as("not a refund of the order's payment").isFalse();

    declined.surplusRefunded(5000);
    assertThat(declined.status()).isEqualTo(ChargeStatus.SURPLUS_REFUNDED);
    assertThat(declined.refundedAmount()).isEqualTo(5000);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> declined.surplus("pay_9", 5000))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  @DisplayName(
      "money the gateway took and gave all back by itself is named as received and returned,"
          + " pays nothing, holds no slot, and is marked for the charge's answer")
  void returnedByGateway() {
    ChargeAttempt waiting = started(Duration.ofMinutes(1));
    waiting.answered(ChargeStatus.AWAITING_PAYMENT, "pp_1", null, null);

    waiting.returnedByGateway("pp_1", 5000, 5000);

    assertThat(waiting.status()).isEqualTo(ChargeStatus.SURPLUS_REFUNDED);
    assertThat(waiting.status().paid()).isFalse();
    assertThat(waiting.status().holdsSlot()).isFalse();
    assertThat(waiting.receivedAmount()).isEqualTo(5000);
    assertThat(waiting.refundedAmount()).isEqualTo(5000);
    assertThat(waiting.failureCode()).isEqualTo(ChargeAttempt.RETURNED_BY_GATEWAY);
  }

  @Test
  @DisplayName("only an attempt waiting on its customer is abandoned, and it then holds no slot")
  void abandoned() {
    ChargeAttempt waiting = started(Duration.ofMinutes(1));
    waiting.answered(ChargeStatus.REQUIRES_ACTION, "pi_3ds", null, null);
    assertThat(waiting.status().holdsSlot()).isTrue();
    assertThat(waiting.claimAbandoned(Duration.ofMinutes(1))).isTrue();
    assertThat(waiting.claimAbandoned(Duration.ofMinutes(1))).as("held").isFalse();

    waiting.abandoned("abandoned_unfinished");
    assertThat(waiting.status()).isEqualTo(ChargeStatus.EXPIRED);
    assertThat(waiting.status().holdsSlot()).isFalse();
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> waiting.abandoned("again"))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  @DisplayName(
      "a cancel takes a waiting attempt over unless a sweep holds it, another cancel may too;"
          + " ended with its order it holds no slot")
  void cancelledWithOrder() {
    ChargeAttempt konbini = started(Duration.ofMinutes(1));
    konbini.answered(ChargeStatus.AWAITING_PAYMENT, "pay_k", null, null);
    assertThat(konbini.beingCancelledWithOrder()).isFalse();
    assertThat(konbini.claimForCancel(Duration.ofMinutes(1))).isTrue();
    assertThat(konbini.claimForCancel(Duration.ofMinutes(1))).as("a second cancel").isTrue();
    assertThat(konbini.beingCancelledWithOrder()).isTrue();

    konbini.cancelledWithOrder();
    assertThat(konbini.status()).isEqualTo(ChargeStatus.EXPIRED);
    assertThat(konbini.failureCode()).isEqualTo(ChargeAttempt.CANCELLED_WITH_ORDER);
    assertThat(konbini.status().holdsSlot()).isFalse();
    assertThat(konbini.beingCancelledWithOrder()).isFalse();
    assertThat(konbini.claimForCancel(Duration.ofMinutes(1))).as("no longer waiting").isFalse();
    org.assertj.core.api.Assertions.assertThatThrownBy(konbini::cancelledWithOrder)
        .isInstanceOf(IllegalStateException.class);

    ChargeAttempt swept = started(Duration.ofMinutes(1));
    swept.answered(ChargeStatus.REQUIRES_ACTION, "pi_3ds", null, null);
    assertThat(swept.claimAbandoned(Duration.ofMinutes(1))).isTrue();
    assertThat(swept.claimForCancel(Duration.ofMinutes(1))).as("held by a sweep").isFalse();
    assertThat(swept.beingCancelledWithOrder()).isFalse();
  }

  @Test
  @DisplayName("a short payment in review keeps what went back of it, up to what was received")
  void refundOfMoneyInReview() {
    ChargeAttempt attempt = started(Duration.ofMinutes(1));
    attempt.answered(ChargeStatus.AWAITING_PAYMENT, "pay_1", null, null);
    attempt.notified(ChargeStatus.NEEDS_REVIEW, "pay_1", "amount_mismatch");
    attempt.received(4900);
    assertThat(attempt.heldInReview()).isTrue();

    assertThat(attempt.refunded(6000)).isTrue();
    assertThat(attempt.refundedAmount()).isEqualTo(4900);
    assertThat(attempt.status()).isEqualTo(ChargeStatus.NEEDS_REVIEW);
    assertThat(attempt.refunded(4900)).isFalse();
  }

  @Test
  @DisplayName(
      "money in review accepted pays the attempt with what it received; nothing held refuses")
  void acceptedFromReview() {
    ChargeAttempt attempt = started(Duration.ofMinutes(1));
    attempt.answered(ChargeStatus.AWAITING_PAYMENT, "pay_1", null, null);
    attempt.notified(ChargeStatus.NEEDS_REVIEW, "pay_1", "amount_mismatch");
    assertThatThrownBy(attempt::accepted).isInstanceOf(IllegalStateException.class);
    attempt.received(4900);

    attempt.accepted();
    assertThat(attempt.status()).isEqualTo(ChargeStatus.SUCCEEDED);
    assertThat(attempt.receivedAmount()).isEqualTo(4900);
    assertThat(attempt.heldInReview()).isFalse();
  }
}
