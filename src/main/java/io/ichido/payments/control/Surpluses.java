package io.ichido.payments.control;

import io.ichido.payments.entity.ChargeAttempt;
import io.ichido.payments.entity.GatewayRefund;
import io.ichido.payments.entity.PayableOrder;
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
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Money a gateway reports for an attempt that is not the order's payment. Decided under the order's
 * lock, in the transaction that records the report: the attempt becomes {@code SURPLUS} (outside
 * the order's one slot, so it never collides with the paying attempt), a chained fact names the
 * charge, and the refund's intent commits with it, to be sent once the transaction has committed.
 * Only where the gateway cannot refund by API does the order go to a person.
 */
@ApplicationScoped
public class Surpluses {

  private static final Logger LOG = Logger.getLogger(Surpluses.class.getName());

  @PersistenceContext EntityManager em;

  @Inject Gateways gateways;
  @Inject GatewayKeys keys;
  @Inject PaymentSettings settings;
  @Inject Event<Object> events;
  @Inject MoneyLedger ledger;

  /**
   * Why money for {@code attempt} cannot be the order's payment, or empty when it can: the order no
   * longer takes one, or another attempt holds its slot (in doubt, waiting for the customer, or
   * paid).
   */
  @Transactional(TxType.MANDATORY)
  public Optional<String> whyNotThePayment(PayableOrder order, ChargeAttempt attempt) {
    if (!order.standing().open()) {
      return Optional.of("the order was " + order.status() + " when this payment was reported");
    }
    return em.createNamedQuery(ChargeAttempt.FOR_ORDER, ChargeAttempt.class)
        .setParameter("orderId", order.id())
        .getResultStream()
        .filter(other -> !other.id().equals(attempt.id()) && other.status().holdsSlot())
        .findFirst()
        .map(
            other ->
                "attempt %d (%s) %s the order's payment"
                    .formatted(
                        other.id(),
                        other.gatewayReference(),
                        other.status().paid() ? "is" : "holds"));
  }

  /**
   * Records {@code amount} taken for an attempt that is not the order's payment and commits its
   * refund. A surplus reported again (a redelivery, the lookup after the webhook) changes nothing.
   */
  @Transactional(TxType.MANDATORY)
  public void received(
      ChargeAttempt attempt,
      String chargeId,
      long amount,
      String currency,
      String why,
      String via) {
    received(attempt, chargeId, amount, currency, amount, why, via);
  }

  /** As above, where the gateway gave part back already: only {@code owed} of it goes back. */
  private void received(
      ChargeAttempt attempt,
      String chargeId,
      long amount,
      String currency,
      long owed,
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
    PaymentGateway gateway = gateways.named(attempt.gateway()).orElse(null);
    if (gateway == null || !gateway.refunds() || attempt.gatewayChargeId() == null) {
      cannotGoBack(
          attempt,
          amount,
          gateway == null || !gateway.refunds()
              ? attempt.gateway()
                  + " refunds are not made by API here: give the money back in its"
                  + " merchant portal"
              : "the gateway named no charge to refund");
      return;
    }
    queueRefund(attempt, owed);
  }

  /**
   * Records {@code amount} the gateway took for an attempt and has already given back, {@code
   * refunded} in all, by itself (a payment that raced our cancel of it): both are named in the log,
   * it pays no order, and only what the gateway still keeps goes back by our refund. Money already
   * recorded for the attempt is not recorded again.
   */
  @Transactional(TxType.MANDATORY)
  public void returned(
      ChargeAttempt attempt,
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
      received(attempt, chargeId, amount, currency, amount - refunded, why, via);
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
   * Money of the attempt the order does not keep that cannot go back by itself: chained as such
   * ({@code SURPLUS_REFUND_FAILED}), and listed in the review queue with an operator's ways out.
   */
  @Transactional(TxType.MANDATORY)
  public void cannotGoBack(ChargeAttempt attempt, long amount, String why) {
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
  @Transactional(TxType.MANDATORY)
  void queueRefund(ChargeAttempt attempt, long amount) {
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
