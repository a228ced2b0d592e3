package io.ichido.payments.control;

import io.ichido.payments.boundary.PayableOrders;
import io.ichido.payments.entity.ChargeAttempt;
import io.ichido.payments.entity.PayableOrder;
import io.ichido.payments.entity.PaymentWindowClosed;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.time.Instant;
import java.util.List;

/**
 * Orders nobody paid within the payment window, with no payment of theirs in flight, in doubt or
 * waiting for the customer: they lapse, so a declined card never holds stock forever.
 */
@ApplicationScoped
class UnpaidOrders {

  private static final String OPEN_ATTEMPT =
      "SELECT 1 FROM charge_attempt a WHERE a.order_id = o.id AND a.status IN"
          + " ('STARTED', 'UNKNOWN', 'REQUIRES_ACTION', 'AWAITING_PAYMENT')";

  @PersistenceContext EntityManager em;

  @Inject PayableOrders orders;
  @Inject PaymentSettings settings;
  @Inject Event<PaymentWindowClosed> closed;

  @Transactional(TxType.REQUIRES_NEW)
  @SuppressWarnings("unchecked")
  public List<Long> due(int limit) {
    List<Number> ids =
        em.createNativeQuery(
                "SELECT o.id FROM customer_order o WHERE o.status = 'PENDING_PAYMENT'"
                    + " AND o.created_at < ?1 AND NOT EXISTS ("
                    + OPEN_ATTEMPT
                    + ") ORDER BY o.created_at LIMIT ?2")
            .setParameter(1, Instant.now().minus(settings.paymentWindow()))
            .setParameter(2, limit)
            .getResultList();
    return ids.stream().map(Number::longValue).toList();
  }

  /** Lapses one order, checked again under its lock: a charge may have begun meanwhile. */
  @Transactional(TxType.REQUIRES_NEW)
  public boolean lapse(long orderId) {
    PayableOrder order = orders.lock(orderId);
    if (order.standing() != PayableOrder.Standing.UNPAID
        || order.createdAt().plus(settings.paymentWindow()).isAfter(Instant.now())) {
      return false;
    }
    boolean open =
        em.createNamedQuery(ChargeAttempt.FOR_ORDER, ChargeAttempt.class)
            .setParameter("orderId", orderId)
            .getResultStream()
            .anyMatch(
                a ->
                    a.status().open()
                        || a.status() == io.ichido.payments.entity.ChargeStatus.AWAITING_PAYMENT);
    if (open) {
      return false;
    }
    closed.fire(new PaymentWindowClosed(orderId, settings.paymentWindow()));
    return true;
  }
}
