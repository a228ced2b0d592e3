package io.ichido.audit.control;

import io.ichido.audit.entity.LogKind;
import io.ichido.inventory.entity.StockMoved;
import io.ichido.notifications.entity.EmailAttempted;
import io.ichido.notifications.entity.EmailQueued;
import io.ichido.orders.entity.CustomerOrder;
import io.ichido.orders.entity.OrderPlaced;
import io.ichido.orders.entity.OrderStatusChanged;
import io.ichido.orders.entity.TaxLine;
import io.ichido.payments.entity.ChargeRequested;
import io.ichido.payments.entity.DifferenceFound;
import io.ichido.payments.entity.DifferenceResolved;
import io.ichido.payments.entity.GatewayAnswered;
import io.ichido.payments.entity.OutcomeRecorded;
import io.ichido.payments.entity.PaymentRefunded;
import io.ichido.payments.entity.RefundOutcomeRecorded;
import io.ichido.payments.entity.RefundRefused;
import io.ichido.payments.entity.RefundRequested;
import io.ichido.payments.entity.ReturnRecorded;
import io.ichido.payments.entity.ReviewAccepted;
import io.ichido.payments.entity.ReviewRefunded;
import io.ichido.payments.entity.SurplusReceived;
import io.ichido.payments.entity.SurplusRefundFailed;
import io.ichido.payments.entity.SurplusRefunded;
import io.ichido.platform.control.Rows;
import io.ichido.receipts.entity.Receipt;
import io.ichido.receipts.entity.ReceiptIssued;
import io.ichido.receipts.entity.ReceiptKind;
import io.ichido.webhooks.entity.WebhookProcessed;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.interceptor.Interceptor;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.List;
import java.util.Map;

/**
 * Turns the other components' events into log entries. Observers run synchronously, in the
 * transaction that fired the event, so the entry commits with its fact or not at all; facts that
 * have no transaction of their own get one. Retry traffic (a replay served, a webhook delivered
 * again) is not a fact: it is kept beside the log ({@link RetryTraffic}). Rejected webhooks are not
 * facts of ours either: anyone can send them, so they are only counted and logged.
 *
 * <p>The log observes each event before any capability reacts to it (the one priority here, and the
 * only rule it states): a fact is chained before the facts it causes, so the log reads in the order
 * of the chain of causes (order paid, then its stock and receipt, then the receipt's e-mail).
 */
@ApplicationScoped
public class PaymentLogFacts {

  @Inject PaymentLog log;
  @Inject CurrentKey keys;

  @PersistenceContext EntityManager em;

  void onOrderPlaced(@Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE) OrderPlaced event) {
    log.record(
        NewEntry.of(LogKind.ORDER_CREATED)
            .order(event.orderId())
            .counterparty(event.customer())
            .money(event.amount(), event.currency())
            .actor(event.owner())
            .key(keys.currentKey())
            .status("PENDING_PAYMENT")
            .detail("subtotal", event.subtotal())
            .detail("tax", event.tax())
            .tax(taxes(event.taxes()))
            .build());
  }

  void onOrderStatusChanged(
      @Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE) OrderStatusChanged event) {
    log.record(
        NewEntry.of(LogKind.ORDER_STATUS_CHANGED)
            .order(event.orderId())
            .counterparty(event.customer())
            .money(event.amount(), event.currency())
            .status(event.to().name())
            .actor(event.actor())
            .detail("from", event.from().name())
            .detail("reason", event.reason())
            .build());
  }

  void onStockMoved(@Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE) StockMoved event) {
    log.record(
        NewEntry.of(LogKind.STOCK_MOVED)
            .order(event.orderId())
            .counterparty(customerOf(event.orderId()))
            .status(event.movement().name())
            .detail("sku", event.sku())
            .detail("quantity", event.quantity())
            .build());
  }

  void onChargeRequested(
      @Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE) ChargeRequested event) {
    log.record(
        NewEntry.of(LogKind.CHARGE_REQUESTED)
            .order(event.orderId())
            .counterparty(customerOf(event.orderId()))
            .money(event.amount(), event.currency())
            .gateway(event.gateway())
            .key(event.idempotencyKey())
            .status("STARTED")
            .detail("method", event.method())
            .detail("reference", event.reference())
            .build());
  }

  void onGatewayAnswered(
      @Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE) GatewayAnswered event) {
    log.record(
        NewEntry.of(LogKind.GATEWAY_ANSWERED)
            .order(event.orderId())
            .counterparty(customerOf(event.orderId()))
            .money(event.amount(), event.currency())
            .gateway(event.gateway())
            .charge(event.chargeId())
            .key(event.idempotencyKey())
            .status(event.status().name())
            .detail("failureCode", event.failureCode())
            .detail("via", event.via())
            .build());
  }

  void onSurplusReceived(
      @Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE) SurplusReceived event) {
    log.record(
        NewEntry.of(LogKind.PAYMENT_SURPLUS)
            .order(event.orderId())
            .counterparty(customerOf(event.orderId()))
            .money(event.amount(), event.currency())
            .gateway(event.gateway())
            .charge(event.chargeId())
            .status("SURPLUS")
            .detail("attempt", event.attemptId())
            .detail("reference", event.reference())
            .detail("reason", event.reason())
            .detail("via", event.via())
            .build());
  }

  void onSurplusRefunded(
      @Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE) SurplusRefunded event) {
    log.record(
        NewEntry.of(LogKind.SURPLUS_REFUNDED)
            .order(event.orderId())
            .counterparty(customerOf(event.orderId()))
            .money(event.amount(), event.currency())
            .gateway(event.gateway())
            .charge(event.chargeId())
            .status("SURPLUS_REFUNDED")
            .detail("attempt", event.attemptId())
            .detail("refund", event.refundId())
            .detail("gatewayRefund", event.gatewayRefundId())
            .detail("via", event.via())
            .build());
  }

  void onSurplusRefundFailed(
      @Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE) SurplusRefundFailed event) {
    log.record(
        NewEntry.of(LogKind.SURPLUS_REFUND_FAILED)
            .order(event.orderId())
            .counterparty(customerOf(event.orderId()))
            .money(event.amount(), event.currency())
            .gateway(event.gateway())
            .charge(event.chargeId())
            .status("NEEDS_REVIEW")
            .detail("attempt", event.attemptId())
            .detail("reason", event.reason())
            .build());
  }

  void onDifferenceFound(
      @Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE) DifferenceFound event) {
    log.record(
        NewEntry.of(LogKind.BOOKS_DIFFER)
            .order(event.orderId())
            .money(event.atGateway(), event.currency())
            .gateway(event.gateway())
            .charge(event.gatewayId())
            .actor("reconciler")
            .status(event.kind().name())
            .detail("difference", event.differenceId())
            .detail("attempt", event.attemptId())
            .detail("atGateway", event.atGateway())
            .detail("onLedger", event.onLedger())
            .detail("detail", event.detail())
            .detail("run", event.runId())
            .build());
  }

  void onDifferenceResolved(
      @Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE) DifferenceResolved event) {
    log.record(
        NewEntry.of(LogKind.BOOKS_DIFFERENCE_RESOLVED)
            .order(event.orderId())
            .gateway(event.gateway())
            .charge(event.gatewayId())
            .actor(event.operator())
            .status(event.kind().name())
            .detail("difference", event.differenceId())
            .detail("note", event.note())
            .build());
  }

  void onOutcomeRecorded(
      @Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE) OutcomeRecorded event) {
    log.record(
        NewEntry.of(LogKind.OUTCOME_RECORDED)
            .order(event.orderId())
            .counterparty(customerOf(event.orderId()))
            .money(event.taken(), event.currency())
            .gateway(event.gateway())
            .actor(event.operator())
            .key(event.idempotencyKey())
            .status(event.taken() == 0 ? "NOT_CHARGED" : "CHARGED")
            .detail("attempt", event.attemptId())
            .detail("reference", event.reference())
            .build());
  }

  void onRefundOutcomeRecorded(
      @Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE) RefundOutcomeRecorded event) {
    log.record(
        NewEntry.of(LogKind.REFUND_OUTCOME_RECORDED)
            .order(event.orderId())
            .counterparty(customerOf(event.orderId()))
            .money(event.amount(), event.currency())
            .gateway(event.gateway())
            .actor(event.operator())
            .key(event.idempotencyKey())
            .status(event.made() ? "MADE" : "NOT_MADE")
            .detail("refund", event.refundId())
            .detail("attempt", event.attemptId())
            .detail("gatewayRefundId", event.gatewayRefundId())
            .detail("reference", event.reference())
            .build());
  }

  void onReturnRecorded(
      @Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE) ReturnRecorded event) {
    log.record(
        NewEntry.of(LogKind.RETURN_RECORDED)
            .order(event.orderId())
            .counterparty(customerOf(event.orderId()))
            .money(event.amount(), event.currency())
            .gateway(event.gateway())
            .charge(event.chargeId())
            .actor(event.operator())
            .key(event.idempotencyKey())
            .status("RETURNED")
            .detail("attempt", event.attemptId())
            .detail("reference", event.reference())
            .build());
  }

  void onRefundRequested(
      @Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE) RefundRequested event) {
    log.record(
        NewEntry.of(LogKind.REFUND_REQUESTED)
            .order(event.orderId())
            .counterparty(customerOf(event.orderId()))
            .money(event.amount(), event.currency())
            .gateway(event.gateway())
            .charge(event.chargeId())
            .actor(event.requestedBy())
            .key(event.idempotencyKey())
            .status("STARTED")
            .detail("refund", event.refundId())
            .detail("reason", event.note())
            .build());
  }

  /** Money given back of the order's payment: {@code amount} is this refund's own. */
  void onPaymentRefunded(
      @Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE) PaymentRefunded event) {
    log.record(
        NewEntry.of(LogKind.REFUNDED)
            .order(event.orderId())
            .counterparty(customerOf(event.orderId()))
            .money(event.amount(), event.currency())
            .gateway(event.gateway())
            .charge(event.chargeId())
            .actor(event.requestedBy())
            .status(event.full() ? "REFUNDED" : "PARTIALLY_REFUNDED")
            .detail("refund", event.refundId())
            .detail("gatewayRefund", event.gatewayRefundId())
            .detail("refundedTotal", event.refundedTotal())
            .detail("via", event.via())
            .build());
  }

  void onRefundRefused(
      @Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE) RefundRefused event) {
    log.record(
        NewEntry.of(LogKind.REFUND_FAILED)
            .order(event.orderId())
            .counterparty(customerOf(event.orderId()))
            .money(event.amount(), event.currency())
            .gateway(event.gateway())
            .charge(event.chargeId())
            .actor(event.requestedBy())
            .status("FAILED")
            .detail("refund", event.refundId())
            .detail("failureCode", event.code())
            .build());
  }

  void onReviewAccepted(
      @Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE) ReviewAccepted event) {
    log.record(
        NewEntry.of(LogKind.REVIEW_ACCEPTED)
            .order(event.orderId())
            .counterparty(customerOf(event.orderId()))
            .money(event.paid(), event.currency())
            .gateway(event.gateway())
            .charge(event.chargeId())
            .actor(event.operator())
            .key(event.idempotencyKey())
            .status("PAID")
            .detail("attempt", event.attemptId())
            .detail("received", event.received())
            .build());
  }

  void onReviewRefunded(
      @Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE) ReviewRefunded event) {
    log.record(
        NewEntry.of(LogKind.REVIEW_REFUNDED)
            .order(event.orderId())
            .counterparty(customerOf(event.orderId()))
            .money(event.refunded(), event.currency())
            .actor(event.operator())
            .status("REFUNDED")
            .detail("refunds", event.refunds())
            .build());
  }

  /**
   * The event id is the key of the delivery (in the scope {@code webhook:<gateway>}), so that an
   * auditor finds the event by it, and its redeliveries beside it ({@link RetryTraffic}).
   */
  void onWebhookProcessed(
      @Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE) WebhookProcessed event) {
    log.record(
        NewEntry.of(LogKind.WEBHOOK_PROCESSED)
            .gateway(event.gateway())
            .charge(event.chargeId())
            .money(event.amount(), event.currency())
            .key(event.eventId())
            .status("PROCESSED")
            .detail("eventId", event.eventId())
            .detail("type", event.type())
            .detail("result", event.result())
            .build());
  }

  void onReceiptIssued(
      @Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE) ReceiptIssued event) {
    Receipt document = event.receipt();
    log.record(
        NewEntry.of(
                document.kind() == ReceiptKind.RECEIPT
                    ? LogKind.RECEIPT_ISSUED
                    : LogKind.RETURN_INVOICE_ISSUED)
            .order(document.orderId())
            .counterparty(event.customer())
            .money(document.amount(), document.currency())
            .status("ISSUED")
            .detail("number", document.number())
            .detail("registrationNumber", document.registrationNumber())
            .detail("tax", document.tax())
            .detail("refundedThrough", document.refundedThrough())
            .tax(
                document.rates().stream()
                    .map(
                        r ->
                            Map.<String, Object>of(
                                "rate", r.rate(), "amount", r.amount(), "tax", r.tax()))
                    .toList())
            .build());
  }

  void onEmailQueued(@Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE) EmailQueued event) {
    log.record(
        NewEntry.of(LogKind.EMAIL_QUEUED)
            .order(event.orderId())
            .counterparty(event.orderId() == null ? null : customerOf(event.orderId()))
            .status("PENDING")
            .detail("email", event.dedupeKey())
            .detail("to", masked(event.recipient()))
            .build());
  }

  void onEmailAttempted(
      @Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE) EmailAttempted event) {
    log.record(
        NewEntry.of(event.sent() ? LogKind.EMAIL_SENT : LogKind.EMAIL_FAILED)
            .order(event.orderId())
            .counterparty(event.orderId() == null ? null : customerOf(event.orderId()))
            .status(event.outcome())
            .detail("email", event.dedupeKey())
            .detail("attempts", event.attempts())
            .build());
  }

  /**
   * The order is almost always in this transaction's persistence context already (placed, or locked
   * by the payment deciding it), so this costs no query and, unlike a native query, no flush of
   * everything else the transaction changed.
   */
  private String customerOf(long orderId) {
    CustomerOrder order = Rows.find(em, CustomerOrder.class, orderId);
    return order == null ? null : order.customer();
  }

  private static List<Map<String, Object>> taxes(List<TaxLine> taxes) {
    return taxes.stream()
        .map(t -> Map.<String, Object>of("rate", t.rate(), "taxable", t.taxable(), "tax", t.tax()))
        .toList();
  }

  /** The log is kept for years: the customer's address is kept only as far as it identifies. */
  static String masked(String email) {
    if (email == null) {
      return null;
    }
    int at = email.indexOf('@');
    return at <= 1
        ? "***" + email.substring(Math.max(at, 0))
        : email.charAt(0) + "***" + email.substring(at);
  }
}
