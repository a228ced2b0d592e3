package io.ichido.orders.control;

import io.ichido.orders.boundary.Stockroom;
import io.ichido.orders.entity.CustomerOrder;
import io.ichido.orders.entity.OrderDetails;
import io.ichido.orders.entity.OrderPaid;
import io.ichido.orders.entity.OrderPaymentEnded;
import io.ichido.orders.entity.OrderRefunded;
import io.ichido.orders.entity.OrderStatus;
import io.ichido.orders.entity.OrderStatusChanged;
import io.ichido.payments.entity.DisputeClosed;
import io.ichido.payments.entity.PaymentAuthorized;
import io.ichido.payments.entity.PaymentCancelled;
import io.ichido.payments.entity.PaymentDisputed;
import io.ichido.payments.entity.PaymentExpired;
import io.ichido.payments.entity.PaymentFailed;
import io.ichido.payments.entity.PaymentNeedsReview;
import io.ichido.payments.entity.PaymentRefunded;
import io.ichido.payments.entity.PaymentSucceeded;
import io.ichido.payments.entity.PaymentWindowClosed;
import io.ichido.payments.entity.ReviewAccepted;
import io.ichido.payments.entity.ReviewRefunded;
import io.ichido.payments.entity.SurplusRefundFailed;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.EnumSet;
import java.util.Set;
import java.util.logging.Logger;

/**
 * The one observer of payment events: decides what each means for its order, in the transaction
 * that fired it and under the order's row lock (taken once: payments took it before firing), moves
 * the order, and tells the order's followers what became of it ({@link OrderPaid}, {@link
 * OrderPaymentEnded}, {@link OrderRefunded}), so that stock and receipts act on the order's fate,
 * never on a raw payment event. Statuses only move forward: an event that would move an order back
 * (an expiry told after the payment) is logged and ignored.
 */
@ApplicationScoped
public class OrderPayments {

  private static final Logger LOG = Logger.getLogger(OrderPayments.class.getName());
  private static final Set<OrderStatus> OPEN =
      EnumSet.of(OrderStatus.PENDING_PAYMENT, OrderStatus.AWAITING_PAYMENT);

  @Inject Orders orders;
  @Inject Stockroom stockroom;
  @Inject Event<OrderStatusChanged> changed;
  @Inject Event<OrderPaid> paid;
  @Inject Event<OrderPaymentEnded> ended;
  @Inject Event<OrderRefunded> refunded;

  void onPaymentAuthorized(@Observes PaymentAuthorized event) {
    CustomerOrder order = orders.lock(event.orderId());
    if (order.status() == OrderStatus.PENDING_PAYMENT) {
      OrderStatus before = order.status();
      order.awaitingPayment(event.gateway(), event.chargeId(), event.idempotencyKey());
      changed(order, before, "payment authorized at " + event.gateway());
    } else {
      ignored(order, event);
    }
  }

  void onPaymentSucceeded(@Observes PaymentSucceeded event) {
    CustomerOrder order = orders.lock(event.orderId());
    if (OPEN.contains(order.status())) {
      OrderStatus before = order.status();
      order.paid(event.gateway(), event.chargeId(), event.idempotencyKey());
      changed(order, before, "paid at " + event.gateway());
      paid.fire(
          new OrderPaid(
              OrderDetails.of(order),
              event.customerEmail(),
              event.gateway(),
              event.chargeId(),
              order.amount()));
    } else {
      ignored(order, event);
    }
  }

  /**
   * An operator accepted the money in review: the order is paid with it, its stock held again if
   * its reservation lapsed meanwhile (or the decision is refused: the goods are gone).
   */
  void onReviewAccepted(@Observes ReviewAccepted event) {
    CustomerOrder order = orders.lock(event.orderId());
    if (order.status() != OrderStatus.NEEDS_REVIEW) {
      ignored(order, event);
      return;
    }
    if (!stockroom.retake(order.id())) {
      throw new StockGone(order.id());
    }
    OrderStatus before = order.status();
    order.accepted(event.gateway(), event.chargeId(), event.paymentKey(), event.paid());
    changed(
        order,
        before,
        "accepted from review by "
            + event.operator()
            + ": "
            + event.paid()
            + " "
            + event.currency()
            + " paid at "
            + event.gateway());
    paid.fire(
        new OrderPaid(
            OrderDetails.of(order),
            event.customerEmail(),
            event.gateway(),
            event.chargeId(),
            event.paid()));
  }

  /** Everything the order in review received went back: it ends, its units back on sale. */
  void onReviewRefunded(@Observes ReviewRefunded event) {
    CustomerOrder order = orders.lock(event.orderId());
    if (order.status() != OrderStatus.NEEDS_REVIEW) {
      ignored(order, event);
      return;
    }
    OrderStatus before = order.status();
    order.refundedFromReview(event.refunded());
    changed(
        order,
        before,
        "refunded from review by "
            + event.operator()
            + ": "
            + event.refunded()
            + " "
            + event.currency()
            + " given back");
    ended.fire(
        new OrderPaymentEnded(OrderDetails.of(order), OrderPaymentEnded.Cause.REFUNDED, null));
  }

  void onPaymentFailed(@Observes PaymentFailed event) {
    CustomerOrder order = orders.lock(event.orderId());
    if (order.status() == OrderStatus.AWAITING_PAYMENT) {
      OrderStatus before = order.status();
      order.failed();
      changed(order, before, "payment failed: " + event.reason());
      ended.fire(
          new OrderPaymentEnded(OrderDetails.of(order), OrderPaymentEnded.Cause.FAILED, null));
    } else {
      ignored(order, event);
    }
  }

  void onPaymentExpired(@Observes PaymentExpired event) {
    CustomerOrder order = orders.lock(event.orderId());
    if (OPEN.contains(order.status())) {
      OrderStatus before = order.status();
      order.expired();
      changed(order, before, "payment expired at " + event.gateway());
      ended.fire(
          new OrderPaymentEnded(
              OrderDetails.of(order), OrderPaymentEnded.Cause.EXPIRED, event.customerEmail()));
    } else {
      ignored(order, event);
    }
  }

  void onPaymentRefunded(@Observes PaymentRefunded event) {
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
      refunded.fire(
          new OrderRefunded(OrderDetails.of(order), event.gateway(), event.amount(), event.full()));
    } else {
      ignored(order, event);
    }
  }

  void onPaymentDisputed(@Observes PaymentDisputed event) {
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

  /**
   * A dispute closed: the order leaves review. One told already closed and lost (2C2P's chargeback,
   * or a dispute whose opening never reached us) never put the order in review, and what the bank
   * took counts as refunded all the same.
   */
  void onDisputeClosed(@Observes DisputeClosed event) {
    CustomerOrder order = orders.lock(event.orderId());
    boolean lostUnseen =
        !event.won()
            && event.withdrawn() > 0
            && (order.status() == OrderStatus.PAID
                || order.status() == OrderStatus.PARTIALLY_REFUNDED);
    if (order.status() == OrderStatus.NEEDS_REVIEW || lostUnseen) {
      OrderStatus before = order.status();
      order.disputeClosed(event.won(), event.withdrawn());
      changed(
          order,
          before,
          event.won()
              ? "dispute won at " + event.gateway()
              : "dispute lost at %s: %d %s taken back by the customer's bank"
                  .formatted(event.gateway(), event.withdrawn(), event.currency()));
    } else {
      ignored(order, event);
    }
  }

  void onPaymentWindowClosed(@Observes PaymentWindowClosed event) {
    CustomerOrder order = orders.lock(event.orderId());
    if (order.status() == OrderStatus.PENDING_PAYMENT) {
      OrderStatus before = order.status();
      order.expired();
      changed(order, before, "unpaid after " + event.window());
      ended.fire(
          new OrderPaymentEnded(OrderDetails.of(order), OrderPaymentEnded.Cause.UNPAID, null));
    } else {
      ignored(order, event);
    }
  }

  /** Its shop called the order off, with no payment of it open that could still pay it. */
  void onPaymentCancelled(@Observes PaymentCancelled event) {
    CustomerOrder order = orders.lock(event.orderId());
    if (OPEN.contains(order.status())) {
      OrderStatus before = order.status();
      order.cancelled();
      changed(
          order,
          before,
          event.reason() == null
              ? "cancelled by its shop"
              : "cancelled by its shop: " + event.reason(),
          event.actor());
      ended.fire(
          new OrderPaymentEnded(OrderDetails.of(order), OrderPaymentEnded.Cause.CANCELLED, null));
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
      OrderStatus before = order.status();
      order.needsReview(event.reason());
      changed(order, before, event.reason());
    } else {
      ignored(order, event);
    }
  }

  /**
   * Money that did not go back by itself is no change of the order: a paid order stays paid, a
   * cancelled one cancelled. The review queue lists the money with its ways out.
   */
  void onSurplusRefundFailed(@Observes SurplusRefundFailed event) {
    LOG.warning(
        () ->
            "Order "
                + event.orderId()
                + ": money waits for an operator in the review queue: "
                + event.reason());
  }

  private void changed(CustomerOrder order, OrderStatus before, String reason) {
    changed(order, before, reason, null);
  }

  private void changed(CustomerOrder order, OrderStatus before, String reason, String actor) {
    changed.fire(
        new OrderStatusChanged(
            order.id(),
            order.customer(),
            before,
            order.status(),
            order.amount(),
            order.currency(),
            reason,
            actor));
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
