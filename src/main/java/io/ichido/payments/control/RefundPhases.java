package io.ichido.payments.control;

import io.ichido.payments.boundary.PayableOrders;
import io.ichido.payments.entity.ChargeAttempt;
import io.ichido.payments.entity.GatewayRefund;
import io.ichido.payments.entity.SurplusRefundFailed;
import io.ichido.payments.entity.SurplusRefunded;
import io.ichido.platform.control.Rows;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;

/**
 * The recovery points of a refund we send, each a short transaction under the order's lock, like a
 * charge's ({@link ChargePhases}): nothing here talks to a gateway.
 */
@ApplicationScoped
class RefundPhases {

  @PersistenceContext EntityManager em;

  @Inject PayableOrders orders;
  @Inject PaymentSettings settings;
  @Inject Event<Object> events;

  /** The refund to send, or null when it is settled or someone else is sending it. */
  @Transactional(TxType.REQUIRES_NEW)
  public RefundCommand claim(long refundId, boolean creator) {
    GatewayRefund refund = locked(refundId);
    if (!refund.status().inDoubt()) {
      return null;
    }
    if (creator && refund.tries() == 0) {
      refund.firstTry(); // its creator holds it from the start
    } else if (!refund.claim(settings.attemptLease())) {
      return null;
    }
    return new RefundCommand(
        refund.gateway(),
        refund.gatewayKey(),
        refund.orderId(),
        refund.chargeId(),
        refund.amount(),
        refund.currency(),
        refund.reason());
  }

  @Transactional(TxType.REQUIRES_NEW)
  public void succeeded(long refundId, String gatewayRefundId, long refundedTotal, String via) {
    GatewayRefund refund = locked(refundId);
    settledByGateway(refund, gatewayRefundId, refundedTotal, via);
  }

  /**
   * Settles a refund the gateway confirmed (its answer, or its refund webhook), in the caller's
   * transaction under the order's lock; a refund settled already changes nothing.
   */
  @Transactional(TxType.MANDATORY)
  public void settledByGateway(
      GatewayRefund refund, String gatewayRefundId, long refundedTotal, String via) {
    if (!refund.status().inDoubt()) {
      return;
    }
    refund.succeeded(gatewayRefundId);
    ChargeAttempt attempt = Rows.find(em, ChargeAttempt.class, refund.attemptId());
    em.refresh(attempt);
    attempt.surplusRefunded(Math.max(refundedTotal, refund.amount()));
    events.fire(
        new SurplusRefunded(
            refund.orderId(),
            refund.attemptId(),
            refund.gateway(),
            refund.chargeId(),
            refund.id(),
            refund.gatewayRefundId(),
            refund.amount(),
            refund.currency(),
            via));
  }

  @Transactional(TxType.REQUIRES_NEW)
  public void failed(long refundId, String code) {
    GatewayRefund refund = locked(refundId);
    if (!refund.status().inDoubt()) {
      return;
    }
    refund.failed(code);
    events.fire(
        new SurplusRefundFailed(
            refund.orderId(),
            refund.attemptId(),
            refund.gateway(),
            refund.chargeId(),
            refund.amount(),
            refund.currency(),
            "the refund of a surplus of %d %s (attempt %d) was refused by %s (%s): give it back in"
                    .formatted(
                        refund.amount(),
                        refund.currency(),
                        refund.attemptId(),
                        refund.gateway(),
                        code)
                + " the gateway's merchant portal"));
  }

  @Transactional(TxType.REQUIRES_NEW)
  public void unknown(long refundId, String why) {
    GatewayRefund refund = locked(refundId);
    if (refund.status().inDoubt()) {
      refund.unknown(why, settings.reconcileBackoff(refund.tries()));
    }
  }

  private GatewayRefund locked(long refundId) {
    GatewayRefund refund = Rows.find(em, GatewayRefund.class, refundId);
    orders.lock(refund.orderId());
    em.refresh(refund);
    return refund;
  }
}
