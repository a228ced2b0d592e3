package io.ichido.orders.boundary;

import io.ichido.payments.boundary.OpenAmount;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.util.List;

/**
 * What orders publish about the orders waiting for a person now ({@code NEEDS_REVIEW}), for the
 * auditors' totals: how many and their amounts, per currency and the gateway of each order's latest
 * charge attempt (null when it has none), summed in the database. Read-only.
 */
@ApplicationScoped
public class OrdersInReview {

  @PersistenceContext EntityManager em;

  @Transactional
  @SuppressWarnings("unchecked")
  public List<OpenAmount> now() {
    return OpenAmount.of(
        em.createNativeQuery(
                "SELECT a.gateway, o.currency, count(*), sum(o.amount)::bigint"
                    + " FROM customer_order o LEFT JOIN LATERAL (SELECT c.gateway FROM"
                    + " charge_attempt c WHERE c.order_id = o.id ORDER BY c.id DESC LIMIT 1) a"
                    + " ON true WHERE o.status = 'NEEDS_REVIEW' GROUP BY a.gateway, o.currency")
            .getResultList());
  }
}
