package io.ichido.orders.control;

import io.ichido.orders.entity.CustomerOrder;
import io.ichido.orders.entity.OrderStatus;
import io.ichido.payments.entity.PaymentAuthorized;
import io.ichido.payments.entity.PaymentExpired;
import io.ichido.payments.entity.PaymentFailed;
import io.ichido.payments.entity.PaymentNeedsReview;
import io.ichido.payments.entity.PaymentRefunded;
import io.ichido.payments.entity.PaymentSucceeded;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.EnumSet;
import java.util.Set;
import java.util.logging.Logger;

/**
 * Moves orders along as their payments settle, in the transaction that fired the event. Statuses
 * only move forward: an event that would move an order back (an expiry told after the payment) is
 * logged and ignored.
 */
@ApplicationScoped
public class OrderPayments {

  private static final Logger LOG = Logger.getLogger(OrderPayments.class.getName());
  private static final Set<OrderStatus> OPEN =
      EnumSet.of(OrderStatus.PENDING_PAYMENT, OrderStatus.AWAITING_PAYMENT);

  @Inject Orders orders;

  void onPaymentAuthorized(@Observes PaymentAuthorized event) {
    CustomerOrder order = orders.lock(event.orderId());
    if (order.status() == OrderStatus.PENDING_PAYMENT) {
      order.awaitingPayment(event.gateway(), event.chargeId(), event.idempotencyKey());
    } else {
      ignored(order, event);
    }
  }

  void onPaymentSucceeded(@Observes PaymentSucceeded event) {
    CustomerOrder order = orders.lock(event.orderId());
    if (OPEN.contains(order.status())) {
      order.paid(event.gateway(), event.chargeId(), event.idempotencyKey());
    } else {
      ignored(order, event);
    }
  }

  void onPaymentFailed(@Observes PaymentFailed event) {
    CustomerOrder order = orders.lock(event.orderId());
    if (order.status() == OrderStatus.AWAITING_PAYMENT) {
      order.failed();
    } else {
      ignored(order, event);
    }
  }

  void onPaymentExpired(@Observes PaymentExpired event) {
    CustomerOrder order = orders.lock(event.orderId());
    if (OPEN.contains(order.status())) {
      order.expired();
    } else {
      ignored(order, event);
    }
  }

  void onPaymentRefunded(@Observes PaymentRefunded event) {
    CustomerOrder order = orders.lock(event.orderId());
    if (order.status() == OrderStatus.PAID) {
      order.refunded();
    } else {
      ignored(order, event);
    }
  }

  void onPaymentNeedsReview(@Observes PaymentNeedsReview event) {
    CustomerOrder order = orders.lock(event.orderId());
    if (OPEN.contains(order.status())
        || order.status() == OrderStatus.FAILED
        || order.status() == OrderStatus.EXPIRED) {
      LOG.warning(
          () -> "Order " + order.id() + " needs review: " + event.reason() + " (" + event + ")");
      order.needsReview(event.reason());
    } else {
      ignored(order, event);
    }
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
