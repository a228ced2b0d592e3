package io.ichido.orders.control;

import io.ichido.orders.boundary.OrderBook;
import io.ichido.orders.boundary.Stockroom;
import io.ichido.orders.entity.CustomerOrder;
import io.ichido.orders.entity.OrderDetails;
import io.ichido.orders.entity.OrderPaid;
import io.ichido.orders.entity.OrderPaymentEnded;
import io.ichido.orders.entity.OrderRefunded;
import io.ichido.orders.entity.OrderStatus;
import io.ichido.orders.entity.OrderStatusChanged;
import io.ichido.payments.boundary.OrderLedgers;
import io.ichido.payments.entity.DisputeClosed;
import io.ichido.payments.entity.LedgerMoved;
import io.ichido.payments.entity.OrderStanding;
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
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.logging.Logger;

/**
 * The one observer of payment events, and the one place an order's status is set: always to what
 * its ledger shows ({@link OrderStanding#of}), never by a rule of its own. An event only says why
 * the order is looked at again (its words become the reason of the status change) and, where it is
 * no money (the customer sent to pay; the order called off, lapsed, failed, or ended by giving back
 * what review held), moves the order's {@link OrderStanding.Stage}. It runs in the transaction that
 * fired the event, under the order's row lock (taken once: payments took it before firing), and
 * tells the order's followers what became of it ({@link OrderPaid} when it first has a payment,
 * {@link OrderPaymentEnded}, {@link OrderRefunded}), so that stock and receipts act on the order's
 * fate, never on a raw payment event.
 *
 * <p>Every decision of the money decider also fires {@link LedgerMoved}; before its transaction
 * commits, the order is taken from its ledger once more, so that a decision no event names (money
 * in review given back by the gateway itself, say) still shows on the order.
 */
@ApplicationScoped
public class OrderPayments {

  private static final Logger LOG = Logger.getLogger(OrderPayments.class.getName());

  @PersistenceContext EntityManager em;

  @Inject Orders orders;
  @Inject Stockroom stockroom;
  @Inject OrderLedgers ledgers;
  @Inject Event<OrderStatusChanged> changed;
  @Inject Event<OrderPaid> paid;
  @Inject Event<OrderPaymentEnded> ended;
  @Inject Event<OrderRefunded> refunded;

  void onPaymentAuthorized(@Observes PaymentAuthorized event) {
    CustomerOrder order = orders.lock(event.orderId());
    OrderLedgers.Shown shown = shown(order);
    if (shown.standing(order.stage()).status() == OrderStanding.Status.PENDING_PAYMENT) {
      order.awaited();
    }
    project(order, shown, "payment authorized at " + event.gateway(), null, null);
  }

  void onPaymentSucceeded(@Observes PaymentSucceeded event) {
    project(orders.lock(event.orderId()), "paid at " + event.gateway());
  }

  /**
   * An operator accepted the money in review: its stock is held again first if its reservation
   * lapsed meanwhile (or the decision is refused: the goods are gone).
   */
  void onReviewAccepted(@Observes ReviewAccepted event) {
    CustomerOrder order = orders.lock(event.orderId());
    if (!stockroom.retake(order.id())) {
      throw new StockGone(order.id());
    }
    project(
        order,
        "accepted from review by "
            + event.operator()
            + ": "
            + event.paid()
            + " "
            + event.currency()
            + " paid at "
            + event.gateway(),
        event.operator(),
        null);
  }

  /**
   * Everything review held went back by an operator's refund: an order with no payment ends, its
   * units back on sale.
   */
  void onReviewRefunded(@Observes ReviewRefunded event) {
    CustomerOrder order = orders.lock(event.orderId());
    OrderLedgers.Shown shown = shown(order);
    boolean ends =
        shown.payment() == null
            && order.stage().takesPayment()
            && shown.standing(order.stage()).status() != OrderStanding.Status.NEEDS_REVIEW;
    if (ends) {
      order.ended(OrderStanding.Stage.REFUNDED_FROM_REVIEW);
    }
    project(
        order,
        shown,
        "refunded from review by "
            + event.operator()
            + ": "
            + event.refunded()
            + " "
            + event.currency()
            + " given back",
        event.operator(),
        null);
    if (ends) {
      ended.fire(
          new OrderPaymentEnded(OrderDetails.of(order), OrderPaymentEnded.Cause.REFUNDED, null));
    }
  }

  void onPaymentFailed(@Observes PaymentFailed event) {
    CustomerOrder order = orders.lock(event.orderId());
    OrderLedgers.Shown shown = shown(order);
    if (shown.standing(order.stage()).status() == OrderStanding.Status.AWAITING_PAYMENT) {
      order.ended(OrderStanding.Stage.FAILED);
      project(order, shown, "payment failed: " + event.reason(), null, null);
      ended.fire(
          new OrderPaymentEnded(OrderDetails.of(order), OrderPaymentEnded.Cause.FAILED, null));
    } else {
      ignored(order, event);
    }
  }

  void onPaymentExpired(@Observes PaymentExpired event) {
    CustomerOrder order = orders.lock(event.orderId());
    OrderLedgers.Shown shown = shown(order);
    if (shown.standing(order.stage()).status().open()) {
      order.ended(OrderStanding.Stage.EXPIRED);
      project(order, shown, "payment expired at " + event.gateway(), null, null);
      ended.fire(
          new OrderPaymentEnded(
              OrderDetails.of(order), OrderPaymentEnded.Cause.EXPIRED, event.customerEmail()));
    } else {
      ignored(order, event);
    }
  }

  void onPaymentRefunded(@Observes PaymentRefunded event) {
    CustomerOrder order = orders.lock(event.orderId());
    OrderStatus before = order.status();
    project(
        order,
        (event.full() ? "refunded at " : "partly refunded at ")
            + event.gateway()
            + ": "
            + event.refundedTotal()
            + " "
            + event.currency()
            + " so far");
    if (before == OrderStatus.PAID || before == OrderStatus.PARTIALLY_REFUNDED) {
      refunded.fire(
          new OrderRefunded(OrderDetails.of(order), event.gateway(), event.amount(), event.full()));
    }
  }

  void onPaymentDisputed(@Observes PaymentDisputed event) {
    String reason = "disputed at " + event.gateway() + ": " + event.reason();
    project(orders.lock(event.orderId()), reason, null, reason);
  }

  /**
   * A dispute closed. One told already closed and lost (2C2P's chargeback, or a dispute whose
   * opening never reached us) never put the order in review; what the bank took counts as refunded
   * all the same, as the ledger shows.
   */
  void onDisputeClosed(@Observes DisputeClosed event) {
    project(
        orders.lock(event.orderId()),
        event.won()
            ? "dispute won at " + event.gateway()
            : "dispute lost at %s: %d %s taken back by the customer's bank"
                .formatted(event.gateway(), event.withdrawn(), event.currency()));
  }

  void onPaymentWindowClosed(@Observes PaymentWindowClosed event) {
    CustomerOrder order = orders.lock(event.orderId());
    OrderLedgers.Shown shown = shown(order);
    if (shown.standing(order.stage()).status() == OrderStanding.Status.PENDING_PAYMENT) {
      order.ended(OrderStanding.Stage.EXPIRED);
      project(order, shown, "unpaid after " + event.window(), null, null);
      ended.fire(
          new OrderPaymentEnded(OrderDetails.of(order), OrderPaymentEnded.Cause.UNPAID, null));
    } else {
      ignored(order, event);
    }
  }

  /** Its shop called the order off, with no payment of it open that could still pay it. */
  void onPaymentCancelled(@Observes PaymentCancelled event) {
    CustomerOrder order = orders.lock(event.orderId());
    OrderLedgers.Shown shown = shown(order);
    if (shown.standing(order.stage()).status().open()) {
      order.ended(OrderStanding.Stage.CANCELLED);
      project(
          order,
          shown,
          event.reason() == null
              ? "cancelled by its shop"
              : "cancelled by its shop: " + event.reason(),
          event.actor(),
          null);
      ended.fire(
          new OrderPaymentEnded(OrderDetails.of(order), OrderPaymentEnded.Cause.CANCELLED, null));
    } else {
      ignored(order, event);
    }
  }

  void onPaymentNeedsReview(@Observes PaymentNeedsReview event) {
    LOG.warning(
        () -> "Order " + event.orderId() + " needs review: " + event.reason() + " (" + event + ")");
    project(orders.lock(event.orderId()), event.reason(), null, event.reason());
  }

  /**
   * Before the transaction that moved the order's ledger commits: the order shows what its ledger
   * does, whichever decision moved it.
   */
  void onLedgerMoved(@Observes(during = TransactionPhase.BEFORE_COMPLETION) LedgerMoved event) {
    CustomerOrder order = orders.lock(event.orderId());
    project(order, "as its ledger shows", null, null);
    em.flush();
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

  private OrderLedgers.Shown shown(CustomerOrder order) {
    return ledgers.of(OrderBook.payable(order));
  }

  private void project(CustomerOrder order, String reason) {
    project(order, reason, null, null);
  }

  private void project(CustomerOrder order, String reason, String actor, String reviewReason) {
    project(order, shown(order), reason, actor, reviewReason);
  }

  /**
   * The order takes what its ledger shows ({@code shown}, read once in the handler, the standing
   * taken at the order's stage as it is now); a status that moved is told with {@code reason}, and
   * an order that has a payment for the first time is paid.
   */
  private void project(
      CustomerOrder order,
      OrderLedgers.Shown shown,
      String reason,
      String actor,
      String reviewReason) {
    OrderStanding standing = shown.standing(order.stage());
    OrderLedgers.Payment payment = shown.payment();
    OrderStatus before = order.status();
    boolean paidBefore = order.paidAt() != null;
    boolean moved =
        order.project(
            standing,
            payment == null
                ? null
                : new CustomerOrder.PaymentNames(
                    payment.gateway(), payment.chargeId(), payment.key()),
            reviewReason);
    if (moved) {
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
    if (!paidBefore && payment != null) {
      paid.fire(
          new OrderPaid(
              OrderDetails.of(order),
              payment.customerEmail(),
              payment.gateway(),
              payment.chargeId(),
              standing.paid()));
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
