package io.ichido.payments.control;

import io.ichido.payments.entity.ChargeAttempt;
import io.ichido.payments.entity.GatewayRefund;
import io.ichido.payments.entity.MoneyEffect;
import io.ichido.payments.entity.SurplusReceived;
import io.ichido.payments.entity.SurplusRefundFailed;
import io.ichido.payments.entity.SurplusRefunded;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Carries out what the money decider said of money a gateway reported for an attempt that is not
 * the order's payment, under the order's lock, in the transaction that records the report: the
 * attempt becomes {@code SURPLUS} (outside the order's one slot, so it never collides with the
 * paying attempt), a chained fact names the charge, and the return's intent commits with it, to be
 * sent once the transaction has committed; or, where the gateway cannot give it back by API, it
 * waits for an operator in the review queue. Nothing here decides.
 */
@ApplicationScoped
public class Surpluses {

  private static final Logger LOG = Logger.getLogger(Surpluses.class.getName());

  @PersistenceContext EntityManager em;

  @Inject GatewayKeys keys;
  @Inject PaymentSettings settings;
  @Inject Event<Object> events;
  @Inject MoneyLedger ledger;

  /**
   * Records {@code amount} taken for an attempt that is not the order's payment, and carries out
   * what the money {@code decision} said of it: its return's intent committed, or the money put to
   * an operator. A surplus reported again (a redelivery, the lookup after the webhook) changes
   * nothing.
   */
  @Transactional(TxType.MANDATORY)
  public void received(
      ChargeAttempt attempt,
      MoneyDecider.Decision decision,
      String chargeId,
      long amount,
      String currency,
      String why,
      String via) {
    if (attempt.status().surplus() || attempt.status().paid()) {
      return;
    }
    attempt.surplus(chargeId, amount);
    named(
        attempt,
        amount,
        currency,
        why,
        via,
        "Order {0}: {1} reported {2} {3} for attempt {4} ({5}), which is not the order''s"
            + " payment: {6}. It goes back by itself.");
    goesBack(attempt, decision);
  }

  /**
   * Records {@code amount} the gateway took for an attempt and has already given back, {@code
   * refunded} in all, by itself (a payment that raced our cancel of it): both are named in the log,
   * it pays no order, and only what the gateway still keeps goes back, as the {@code decision}
   * said. Money already recorded for the attempt is not recorded again.
   */
  @Transactional(TxType.MANDATORY)
  public void returned(
      ChargeAttempt attempt,
      MoneyDecider.Decision decision,
      String chargeId,
      long amount,
      String currency,
      long refunded,
      String why,
      String via) {
    if (attempt.status().surplus() || attempt.status().paid()) {
      return;
    }
    if (refunded < amount) {
      received(attempt, decision, chargeId, amount, currency, why, via);
      return;
    }
    attempt.returnedByGateway(chargeId, amount, refunded);
    named(
        attempt,
        amount,
        currency,
        why,
        via,
        "Order {0}: {1} took {2} {3} for attempt {4} ({5}) and gave it all back by itself: {6}.");
    events.fire(
        new SurplusRefunded(
            attempt.orderId(),
            attempt.id(),
            attempt.gateway(),
            attempt.gatewayChargeId(),
            null,
            null,
            Math.min(refunded, amount),
            currency,
            via));
  }

  /**
   * The attempt's money the {@code decision} sends back (its return's intent, committed here), or
   * puts to an operator because its gateway cannot give it back by API.
   */
  @Transactional(TxType.MANDATORY)
  public void goesBack(ChargeAttempt attempt, MoneyDecider.Decision decision) {
    for (MoneyEffect effect : decision.effects()) {
      if (effect instanceof MoneyEffect.SendReturn send
          && send.attemptId() == attempt.id()
          && send.purpose() == MoneyEffect.Purpose.SURPLUS) {
        queueRefund(attempt, send.amount());
      } else if (effect instanceof MoneyEffect.ForOperator operator
          && operator.attemptId() == attempt.id()) {
        cannotGoBack(attempt, operator.amount(), operator.why());
      }
    }
  }

  /**
   * Money of the attempt the order does not keep that cannot go back by itself: chained as such
   * ({@code SURPLUS_REFUND_FAILED}), and listed in the review queue with an operator's ways out.
   */
  private void cannotGoBack(ChargeAttempt attempt, long amount, String why) {
    events.fire(
        new SurplusRefundFailed(
            attempt.orderId(),
            attempt.id(),
            attempt.gateway(),
            attempt.gatewayChargeId(),
            amount,
            attempt.currency(),
            "a surplus of %d %s (attempt %d) could not go back by itself: %s"
                .formatted(amount, attempt.currency(), attempt.id(), why)));
  }

  /** Logs the surplus with {@code message} and chains its fact ({@code PAYMENT_SURPLUS}). */
  private void named(
      ChargeAttempt attempt, long amount, String currency, String why, String via, String message) {
    LOG.log(
        Level.WARNING,
        message,
        new Object[] {
          attempt.orderId(),
          attempt.gateway(),
          amount,
          currency,
          attempt.id(),
          attempt.gatewayReference(),
          why
        });
    events.fire(
        new SurplusReceived(
            attempt.orderId(),
            attempt.id(),
            attempt.gateway(),
            attempt.gatewayChargeId(),
            attempt.gatewayReference(),
            amount,
            currency,
            why,
            via));
  }

  /**
   * Commits the refund of {@code amount} Ichido owes of an attempt, once: the surplus rule holds
   * one surplus refund per attempt. It is sent after the caller's transaction commits.
   */
  private void queueRefund(ChargeAttempt attempt, long amount) {
    boolean queued =
        em.createNamedQuery(GatewayRefund.FOR_ATTEMPT, GatewayRefund.class)
            .setParameter("attemptId", attempt.id())
            .setParameter("reason", GatewayRefund.SURPLUS)
            .getResultList()
            .isEmpty();
    if (queued) {
      GatewayRefund refund =
          new GatewayRefund(
              attempt,
              keys.forRefund(attempt.gatewayKey(), GatewayRefund.SURPLUS, attempt.orderId()),
              amount,
              GatewayRefund.SURPLUS,
              settings.attemptLease(),
              ledger.returnedOf(attempt.orderId(), attempt.id()));
      em.persist(refund);
      em.flush();
      events.fire(new RefundQueued(refund.id()));
    }
  }
}
