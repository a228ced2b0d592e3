package io.ichido.payments.boundary;

import io.ichido.payments.entity.ChargeAttempt;
import io.ichido.payments.entity.GatewayRefund;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.util.List;

/** What payments publishes about an order's attempts, for the order's own view. */
@ApplicationScoped
public class OrderPaymentRecords {

  @PersistenceContext EntityManager em;

  @Transactional
  public List<PaymentRecord> of(long orderId) {
    List<GatewayRefund> refunds =
        em.createNamedQuery(GatewayRefund.FOR_ORDER, GatewayRefund.class)
            .setParameter("orderId", orderId)
            .getResultList();
    return em.createNamedQuery(ChargeAttempt.FOR_ORDER, ChargeAttempt.class)
        .setParameter("orderId", orderId)
        .getResultStream()
        .map(attempt -> PaymentRecord.of(attempt, refunds))
        .toList();
  }
}
