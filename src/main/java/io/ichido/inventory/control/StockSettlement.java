package io.ichido.inventory.control;

import io.ichido.payments.entity.PaymentExpired;
import io.ichido.payments.entity.PaymentFailed;
import io.ichido.payments.entity.PaymentSucceeded;
import io.ichido.payments.entity.PaymentWindowClosed;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.interceptor.Interceptor;

/**
 * Ends an order's stock reservations as its payment settles: paid turns them into a sale, failed or
 * expired (or an order left unpaid) puts the units back on sale. Each reservation ends once,
 * whichever event comes first.
 */
@ApplicationScoped
public class StockSettlement {

  @Inject Inventory inventory;

  void onPaymentSucceeded(
      @Observes @Priority(Interceptor.Priority.APPLICATION + 10) PaymentSucceeded event) {
    inventory.sell(event.orderId());
  }

  void onPaymentFailed(
      @Observes @Priority(Interceptor.Priority.APPLICATION + 10) PaymentFailed event) {
    inventory.release(event.orderId());
  }

  void onPaymentWindowClosed(
      @Observes @Priority(Interceptor.Priority.APPLICATION + 10) PaymentWindowClosed event) {
    inventory.release(event.orderId());
  }

  void onPaymentExpired(
      @Observes @Priority(Interceptor.Priority.APPLICATION + 10) PaymentExpired event) {
    inventory.release(event.orderId());
  }
}
