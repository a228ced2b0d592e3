package io.ichido.inventory.control;

import io.ichido.orders.entity.OrderPaid;
import io.ichido.orders.entity.OrderPaymentEnded;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

/**
 * Ends an order's stock reservations as the order's fate is decided: paid turns them into a sale;
 * an order that ended unpaid (failed, expired, or never charged) puts the units back on sale. Each
 * reservation ends once, whichever event comes first.
 */
@ApplicationScoped
public class StockSettlement {

  @Inject Inventory inventory;

  void onOrderPaid(@Observes OrderPaid event) {
    inventory.sell(event.order().id());
  }

  void onOrderPaymentEnded(@Observes OrderPaymentEnded event) {
    inventory.release(event.order().id());
  }
}
