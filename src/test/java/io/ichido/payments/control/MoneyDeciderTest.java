package io.ichido.payments.control;

import static org.assertj.core.api.Assertions.assertThat;

import io.ichido.payments.control.MoneyDecider.Decision;
import io.ichido.payments.control.MoneyDecider.Way;
import io.ichido.payments.entity.MoneyEffect;
import io.ichido.payments.entity.MoneyObservation;
import io.ichido.payments.entity.OrderMoney.Role;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The scenarios, each as a named sequence of observations. */
class MoneyDeciderTest {

  private final MoneyWorld world = new MoneyWorld();

  @Test
  @DisplayName(
      "scenario 1: the surplus refund of an accepted overpayment is no refund of the order")
  void acceptedOverpaymentReturnsItsSurplusOnly() {
    long attempt = world.startAttempt(true);
    world.charge(attempt, 3_000, "JPY");
    world.deliver(0, false);
    assertThat(world.money.attempt(attempt).orElseThrow().role()).isEqualTo(Role.REVIEW);

    Decision accepted = world.decide(new MoneyObservation.Accepted("op"));
    assertThat(accepted.effects())
        .contains(new MoneyEffect.Paid(attempt, MoneyWorld.OWED))
        .contains(new MoneyEffect.SendReturn(attempt, 408, MoneyEffect.Purpose.SURPLUS));
    world.gatewayReturns(false);
    Decision webhook = world.decide(world.notices.remove(0));

    assertThat(webhook.effects()).noneMatch(MoneyEffect.PaymentRefunded.class::isInstance);
    assertThat(world.money.attempt(attempt).orElseThrow().refundedOfPayment()).isZero();
    assertThat(world.decide(new MoneyObservation.MerchantRefunded(MoneyWorld.OWED, "m")).effects())
        .containsExactly(
            new MoneyEffect.SendReturn(attempt, MoneyWorld.OWED, MoneyEffect.Purpose.MERCHANT));
    world.check();
  }

  @Test
  @DisplayName("scenario 2: a surplus whose return was refused keeps a way out")
  void refusedSurplusReturnHasAWayOut() {
    long late = world.startAttempt(true);
    // Abandoned by us (the customer never came back), but paid at the gateway after all.
    world.decide(new MoneyObservation.Ended(late));
    long paying = world.startAttempt(true);
    world.charge(paying, MoneyWorld.OWED, "JPY");
    world.deliver(0, false);
    world.charge(late, MoneyWorld.OWED, "JPY");
    world.deliver(0, false);
    world.gatewayReturns(true);

    assertThat(MoneyDecider.waysOut(world.money, late))
        .containsExactlyInAnyOrder(Way.RETURN_AGAIN, Way.RECORD_RETURNED_OUTSIDE);
    assertThat(world.money.attempt(paying).orElseThrow().role()).isEqualTo(Role.PAYMENT);
    world.check();

    world.decide(new MoneyObservation.ReturnRetried(late, "op"));
    world.gatewayReturns(false);
    world.deliver(0, false);
    assertThat(world.money.attempt(late).orElseThrow().held()).isZero();
    assertThat(MoneyDecider.waysOut(world.money, late)).isEmpty();
    world.check();
  }

  @Test
  @DisplayName("scenario 3: a refund told for a charge not heard taken is read back, not dropped")
  void refundOfAChargeNotHeardTakenIsReadBack() {
    long attempt = world.startAttempt(true);
    world.charge(attempt, MoneyWorld.OWED, "JPY");
    world.lose(0);
    world.portalRefund(attempt, MoneyWorld.OWED);

    Decision refund = world.decide(world.notices.remove(0));

    assertThat(refund.effects()).anyMatch(MoneyEffect.ReadBack.class::isInstance);
    assertThat(world.money.attempt(attempt).orElseThrow().role()).isEqualTo(Role.SURPLUS);
    assertThat(world.money.payment()).isEmpty();
    assertThat(world.paidEffects).isZero();
    world.check();
  }

  @Test
  @DisplayName("tried: money the gateway holds for another amount is on the order, in review")
  void otherAmountWaitsInReviewWithItsMoney() {
    long attempt = world.startAttempt(true);
    world.charge(attempt, MoneyWorld.OWED + 1, "JPY");
    world.readBack(attempt);

    assertThat(world.money.inReview()).isTrue();
    assertThat(MoneyDecider.waysOut(world.money, attempt))
        .containsExactlyInAnyOrder(Way.ACCEPT, Way.REFUND, Way.RECORD_RETURNED_OUTSIDE);
    world.check();
  }
}
