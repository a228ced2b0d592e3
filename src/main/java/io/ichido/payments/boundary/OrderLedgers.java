package io.ichido.payments.boundary;

import io.ichido.payments.control.MoneyLedger;
import io.ichido.payments.entity.ChargeAttempt;
import io.ichido.payments.entity.OrderMoney;
import io.ichido.payments.entity.OrderStanding;
import io.ichido.payments.entity.PayableOrder;
import io.ichido.platform.control.Rows;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;

/**
 * What an order's ledger shows, for orders to take as the order's status and figures: the one place
 * an order's status comes from.
 */
@ApplicationScoped
public class OrderLedgers {

  @PersistenceContext EntityManager em;

  @Inject MoneyLedger ledger;

  /**
   * The order's money now, read from its ledger in the caller's transaction (under the order's
   * lock), with the attempt that is its payment, if one is.
   */
  @Transactional(TxType.MANDATORY)
  public Shown of(PayableOrder order) {
    OrderMoney money = ledger.of(order);
    Payment payment =
        money
            .payment()
            .map(a -> Rows.find(em, ChargeAttempt.class, a.id()))
            .map(
                a ->
                    new Payment(
                        a.id(),
                        a.gateway(),
                        a.gatewayChargeId(),
                        a.idempotencyKey(),
                        a.customerEmail()))
            .orElse(null);
    return new Shown(money, payment);
  }

  /**
   * An order's money as its ledger shows it, and the attempt that is its payment (null without
   * one).
   */
  public record Shown(OrderMoney money, Payment payment) {

    /** The order's standing at {@code stage}: read once, taken again after the stage moved. */
    public OrderStanding standing(OrderStanding.Stage stage) {
      return OrderStanding.of(money, stage);
    }
  }

  /** The attempt that is an order's payment, by the names its gateway and its client gave it. */
  public record Payment(
      long attemptId, String gateway, String chargeId, String key, String customerEmail) {}
}
