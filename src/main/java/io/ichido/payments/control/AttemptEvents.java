package io.ichido.payments.control;

import io.ichido.payments.entity.ChargeAttempt;
import io.ichido.payments.entity.ChargeStatus;
import io.ichido.payments.entity.GatewayAnswered;
import io.ichido.payments.entity.PaymentAuthorized;
import io.ichido.payments.entity.PaymentNeedsReview;
import io.ichido.payments.entity.PaymentSucceeded;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;

/**
 * The past-tense events an attempt's moves publish, in the transaction that moved it. Orders,
 * stock, email and the payment log observe them: payments never change an order themselves.
 */
@ApplicationScoped
class AttemptEvents {

  @Inject Event<Object> events;

  void answered(ChargeAttempt attempt, long amount, String currency, String via) {
    events.fire(
        new GatewayAnswered(
            attempt.orderId(),
            attempt.idempotencyKey(),
            attempt.gateway(),
            attempt.gatewayChargeId(),
            attempt.status(),
            amount,
            currency,
            attempt.failureCode(),
            via));
  }

  /** What the attempt's new status means for the order, if anything. */
  void settled(ChargeAttempt attempt) {
    if (attempt.status() == ChargeStatus.SUCCEEDED) {
      events.fire(
          new PaymentSucceeded(
              attempt.orderId(),
              attempt.gateway(),
              attempt.gatewayChargeId(),
              attempt.idempotencyKey(),
              attempt.amount(),
              attempt.currency(),
              attempt.customerEmail()));
    } else if (attempt.status() == ChargeStatus.AWAITING_PAYMENT) {
      events.fire(
          new PaymentAuthorized(
              attempt.orderId(),
              attempt.gateway(),
              attempt.gatewayChargeId(),
              attempt.idempotencyKey()));
    }
  }

  void needsReview(
      ChargeAttempt attempt, String chargeId, long amount, String currency, String why) {
    events.fire(
        new PaymentNeedsReview(
            attempt.orderId(), attempt.gateway(), chargeId, amount, currency, why));
  }

  void fire(Object event) {
    events.fire(event);
  }
}
