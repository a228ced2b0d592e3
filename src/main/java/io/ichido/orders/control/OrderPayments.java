package io.ichido.orders.control;

import io.ichido.orders.entity.CustomerOrder;
import io.ichido.orders.entity.OrderStatus;
import io.ichido.orders.entity.OrderStatusChanged;
import io.ichido.payments.entity.PaymentAuthorized;
import io.ichido.payments.entity.PaymentDisputed;
import io.ichido.payments.entity.PaymentExpired;
import io.ichido.payments.entity.PaymentFailed;
import io.ichido.payments.entity.PaymentNeedsReview;
import io.ichido.payments.entity.PaymentRefunded;
import io.ichido.payments.entity.PaymentSucceeded;
import io.ichido.payments.entity.PaymentWindowClosed;
import io.ichido.payments.entity.SurplusRefundFailed;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.interceptor.Interceptor;
import java.util.EnumSet;
import java.util.Set;
import java.util.logging.Logger;

/**
 * Moves orders along as their payments settle, in the transaction that fired the event, before the
 * stock and email observers (priorities), so the log reads status, stock, email. Statuses only move
 * forward: an event that would move an order back (an expiry told after the payment) is logged and
 * ignored.
 */
@ApplicationScoped
public class OrderPayments {

  private static final Logger LOG = Logger.getLogger(OrderPayments.class.getName());
  private static final Set<OrderStatus> OPEN =
      EnumSet.of(OrderStatus.PENDING_PAYMENT, OrderStatus.AWAITING_PAYMENT);

  @Inject Orders orders;
  @Inject Event<OrderStatusChanged> changed;

  void onPaymentAuthorized(
      @Observes @Priority(Interceptor.Priority.APPLICATION) PaymentAuthorized event) {
    CustomerOrder order = orders.lock(event.orderId());
    if (order.status() == OrderStatus.PENDING_PAYMENT) {
      OrderStatus before = order.status();
      order.awaitingPayment(event.gateway(), event.chargeId(), event.idempotencyKey());
      changed(order, before, "payment authorized at " + event.gateway());
    } else {
      ignored(order, event);
    }
  }

  void onPaymentSucceeded(
      @Observes @Priority(Interceptor.Priority.APPLICATION) PaymentSucceeded event) {
    CustomerOrder order = orders.lock(event.orderId());
    if (OPEN.contains(order.status())) {
      OrderStatus before = order.status();
      order.paid(event.gateway(), event.chargeId(), event.idempotencyKey());
      changed(order, before, "paid at " + event.gateway());
    } else {
      ignored(order, event);
    }
  }

  void onPaymentFailed(@Observes @Priority(Interceptor.Priority.APPLICATION) PaymentFailed event) {
    CustomerOrder order = orders.lock(event.orderId());
    if (order.status() == OrderStatus.AWAITING_PAYMENT) {
      OrderStatus before = order.status();
      order.failed();
      changed(order, before, "payment failed: " + event.reason());
    } else {
      ignored(order, event);
    }
  }

  void onPaymentExpired(
      @Observes @Priority(Interceptor.Priority.APPLICATION) PaymentExpired event) {
    CustomerOrder order = orders.lock(event.orderId());
    if (OPEN.contains(order.status())) {
      OrderStatus before = order.status();
      order.expired();
      changed(order, before, "payment expired at " + event.gateway());
    } else {
      ignored(order, event);
    }
  }

  void onPaymentRefunded(
      @Observes @Priority(Interceptor.Priority.APPLICATION) PaymentRefunded event) {
    CustomerOrder order = orders.lock(event.orderId());
    if (order.status() == OrderStatus.PAID || order.status() == OrderStatus.PARTIALLY_REFUNDED) {
      OrderStatus before = order.status();
      order.refunded(event.refundedTotal(), event.full());
      changed(
          order,
          before,
          (event.full() ? "refunded at " : "partly refunded at ")
              + event.gateway()
              + ": "
              + event.refundedTotal()
              + " "
              + event.currency()
              + " so far");
    } else {
      ignored(order, event);
    }
  }

  void onPaymentDisputed(
      @Observes @Priority(Interceptor.Priority.APPLICATION) PaymentDisputed event) {
    CustomerOrder order = orders.lock(event.orderId());
    if (order.status() != OrderStatus.NEEDS_REVIEW) {
      OrderStatus before = order.status();
      String reason = "disputed at " + event.gateway() + ": " + event.reason();
      order.disputed(reason);
      changed(order, before, reason);
    } else {
      ignored(order, event);
    }
  }

  void onPaymentWindowClosed(
      @Observes @Priority(Interceptor.Priority.APPLICATION) PaymentWindowClosed event) {
    CustomerOrder order = orders.lock(event.orderId());
    if (order.status() == OrderStatus.PENDING_PAYMENT) {
      OrderStatus before = order.status();
      order.expired();
      changed(order, before, "unpaid after " + event.window());
    } else {
      ignored(order, event);
    }
  }

  void onPaymentNeedsReview(
      @Observes @Priority(Interceptor.Priority.APPLICATION) PaymentNeedsReview event) {
    CustomerOrder order = orders.lock(event.orderId());
    if (OPEN.contains(order.status())
        || order.status() == OrderStatus.FAILED
        || order.status() == OrderStatus.EXPIRED) {
      LOG.warning(
          () -> "Order " + order.id() + " needs review: " + event.reason() + " (" + event + ")");
      OrderStatus before = order.status();
      order.needsReview(event.reason());
      changed(order, before, event.reason());
    } else {
      ignored(order, event);
    }
  }

  /** Money that did not go back by itself: whatever the order's status, a person must act. */
  void onSurplusRefundFailed(
      @Observes @Priority(Interceptor.Priority.APPLICATION) SurplusRefundFailed event) {
    CustomerOrder order = orders.lock(event.orderId());
    if (order.status() != OrderStatus.NEEDS_REVIEW) {
      LOG.warning(() -> "Order " + order.id() + " needs review: " + event.reason());
      OrderStatus before = order.status();
      order.moneyToReturn(event.reason());
      changed(order, before, event.reason());
    } else {
      ignored(order, event);
    }
  }

  private void changed(CustomerOrder order, OrderStatus before, String reason) {
    changed.fire(
        new OrderStatusChanged(
            order.id(),
            order.customer(),
            before,
            order.status(),
            order.amount(),
            order.currency(),
            reason));
  }

  private static void ignored(CustomerOrder order, Object event) {
    LOG.info(
        () ->
            "Order "
                + order.id()
                + " is "
                + order.status()
                + "; "
                + event.getClass().getSimpleName()
                + " leaves it so");
  }
}
