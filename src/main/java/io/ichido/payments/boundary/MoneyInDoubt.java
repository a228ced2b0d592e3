package io.ichido.payments.boundary;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.util.List;

/**
 * What payments publish about money in doubt now, for the auditors' totals: charge attempts and
 * refunds sent to a gateway whose outcome only the gateway can tell yet (STARTED, UNKNOWN), summed
 * in the database per gateway and currency. Read-only.
 */
@ApplicationScoped
public class MoneyInDoubt {

  @PersistenceContext EntityManager em;

  @Transactional
  public List<OpenAmount> charges() {
    return OpenAmount.of(
        em.createQuery(
                "SELECT a.gateway, a.currency, count(a), sum(a.amount) FROM ChargeAttempt a"
                    + " WHERE a.status IN (io.ichido.payments.entity.ChargeStatus.STARTED,"
                    + " io.ichido.payments.entity.ChargeStatus.UNKNOWN)"
                    + " GROUP BY a.gateway, a.currency",
                Object[].class)
            .getResultList());
  }

  @Transactional
  public List<OpenAmount> refunds() {
    return OpenAmount.of(
        em.createQuery(
                "SELECT r.gateway, r.currency, count(r), sum(r.amount) FROM GatewayRefund r"
                    + " WHERE r.status IN"
                    + " (io.ichido.payments.entity.GatewayRefund.Status.STARTED,"
                    + " io.ichido.payments.entity.GatewayRefund.Status.UNKNOWN)"
                    + " GROUP BY r.gateway, r.currency",
                Object[].class)
            .getResultList());
  }
}
