package io.ichido.payments.boundary;

import io.ichido.payments.control.MoneyLedger;
import io.ichido.payments.entity.ChargeAttempt;
import io.ichido.payments.entity.GatewayRefund;
import io.ichido.payments.entity.OrderMoney;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** What payments publishes about an order's attempts, for the order's own view. */
@ApplicationScoped
public class OrderPaymentRecords {

  @PersistenceContext EntityManager em;

  @Inject MoneyLedger ledger;

  @Inject PayableOrders orders;

  /** Each attempt of the order, with what its ledger of money shows taken and given back. */
  @Transactional
  public List<PaymentRecord> of(long orderId) {
    Map<Long, long[]> sums = ledger.sums(orderId);
    // What each attempt is to the order's money, from its ledger: the refunded figure with it.
    OrderMoney money = orders.find(orderId).map(ledger::of).orElse(null);
    List<GatewayRefund> refunds =
        em.createNamedQuery(GatewayRefund.FOR_ORDER, GatewayRefund.class)
            .setParameter("orderId", orderId)
            .getResultList();
    return em.createNamedQuery(ChargeAttempt.FOR_ORDER, ChargeAttempt.class)
        .setParameter("orderId", orderId)
        .getResultStream()
        .map(
            attempt ->
                PaymentRecord.of(
                    attempt,
                    refunds,
                    sums.getOrDefault(attempt.id(), new long[3]),
                    money == null ? Optional.empty() : money.attempt(attempt.id())))
        .toList();
  }
}
