package io.ichido.payments.boundary;

import io.ichido.payments.entity.ChargeAttempt;
import io.ichido.payments.entity.GatewayRefund;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** What payments publishes about an order's attempts, for the order's own view. */
@ApplicationScoped
public class OrderPaymentRecords {

  private static final String LEDGER =
      "SELECT attempt_id, COALESCE(sum(amount) FILTER (WHERE movement = 'CHARGED'), 0),"
          + " COALESCE(sum(CASE WHEN movement = 'REINSTATED' THEN -amount ELSE amount END)"
          + " FILTER (WHERE movement <> 'CHARGED'), 0)"
          + " FROM money_movement WHERE order_id = ?1 GROUP BY attempt_id";

  @PersistenceContext EntityManager em;

  /** Each attempt of the order, with what its ledger of money shows taken and given back. */
  @Transactional
  public List<PaymentRecord> of(long orderId) {
    Map<Long, long[]> ledger = new HashMap<>();
    @SuppressWarnings("unchecked")
    List<Object[]> rows = em.createNativeQuery(LEDGER).setParameter(1, orderId).getResultList();
    for (Object[] row : rows) {
      ledger.put(
          ((Number) row[0]).longValue(),
          new long[] {((Number) row[1]).longValue(), ((Number) row[2]).longValue()});
    }
    List<GatewayRefund> refunds =
        em.createNamedQuery(GatewayRefund.FOR_ORDER, GatewayRefund.class)
            .setParameter("orderId", orderId)
            .getResultList();
    return em.createNamedQuery(ChargeAttempt.FOR_ORDER, ChargeAttempt.class)
        .setParameter("orderId", orderId)
        .getResultStream()
        .map(
            attempt ->
                PaymentRecord.of(attempt, refunds, ledger.getOrDefault(attempt.id(), new long[2])))
        .toList();
  }
}
