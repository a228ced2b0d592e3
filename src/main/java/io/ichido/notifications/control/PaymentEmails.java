package io.ichido.notifications.control;

import io.ichido.orders.control.Orders;
import io.ichido.orders.entity.CustomerOrder;
import io.ichido.orders.entity.OrderLine;
import io.ichido.orders.entity.TaxLine;
import io.ichido.payments.entity.PaymentExpired;
import io.ichido.payments.entity.PaymentSucceeded;
import io.ichido.receipts.control.ReceiptDocuments;
import io.ichido.receipts.control.Receipts;
import io.ichido.receipts.entity.Receipt;
import io.ichido.receipts.entity.ReceiptIssued;
import io.ichido.receipts.entity.ReceiptKind;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.interceptor.Interceptor;
import java.text.NumberFormat;
import java.util.Locale;
import java.util.logging.Logger;

/**
 * Queues the customer's receipt when an order is paid and a notice when its payment lapsed, each
 * once per order. In Japanese first, then English.
 */
@ApplicationScoped
public class PaymentEmails {

  private static final Logger LOG = Logger.getLogger(PaymentEmails.class.getName());

  @Inject Outbox outbox;
  @Inject Orders orders;
  @Inject Receipts receipts;

  void onPaymentSucceeded(
      @Observes @Priority(Interceptor.Priority.APPLICATION + 20) PaymentSucceeded event) {
    if (event.customerEmail() == null) {
      LOG.fine(() -> "Order " + event.orderId() + " was paid without an email address");
      return;
    }
    CustomerOrder order = orders.lock(event.orderId());
    // The receipt was issued a moment ago in this transaction, unless a person must review the
    // payment first: then the customer hears that it arrived, without a qualified invoice.
    String body =
        receipts
            .receiptOf(order.id())
            .map(receipt -> confirmation(order) + ReceiptDocuments.text(receipt, order))
            .orElseGet(() -> paymentNotice(order));
    outbox.queue(
        "receipt:" + order.id(),
        order.id(),
        event.customerEmail(),
        "【Ichido】領収書 ご注文 #%d / Receipt for order #%d".formatted(order.id(), order.id()),
        body + "%nお支払い / Paid with: %s (%s)%n".formatted(event.gateway(), event.chargeId()));
  }

  /** A refund's return invoice goes where the receipt went. */
  void onReceiptIssued(@Observes ReceiptIssued event) {
    Receipt document = event.receipt();
    if (document.kind() != ReceiptKind.RETURN || document.recipient() == null) {
      return;
    }
    CustomerOrder order = orders.lock(document.orderId());
    outbox.queue(
        "return:" + document.number(),
        order.id(),
        document.recipient(),
        "【Ichido】返還請求書 ご注文 #%d / Return invoice for order #%d".formatted(order.id(), order.id()),
        "ご注文 #%d の返金を行いました。%nWe refunded part or all of order #%d.%n%n"
                .formatted(order.id(), order.id())
            + ReceiptDocuments.text(document, order));
  }

  private static String confirmation(CustomerOrder order) {
    return "ご注文 #%d のお支払いを確認しました。ありがとうございます。%nThank you: we received the payment for order #%d.%n%n"
        .formatted(order.id(), order.id());
  }

  void onPaymentExpired(
      @Observes @Priority(Interceptor.Priority.APPLICATION + 20) PaymentExpired event) {
    if (event.customerEmail() == null) {
      return;
    }
    CustomerOrder order = orders.lock(event.orderId());
    outbox.queue(
        "expired:" + order.id(),
        order.id(),
        event.customerEmail(),
        "【Ichido】お支払い期限切れ ご注文 #%d / Payment expired for order #%d"
            .formatted(order.id(), order.id()),
        """
        ご注文 #%d のお支払い期限が過ぎたため、ご注文は取り消されました。
        Order #%d was cancelled: its payment was not made before the deadline.

        合計 / Total: %s
        """
            .formatted(order.id(), order.id(), money(order.amount(), order.currency())));
  }

  /** What the customer is told when no receipt could be issued: the order and its totals. */
  private static String paymentNotice(CustomerOrder order) {
    StringBuilder text = new StringBuilder(confirmation(order));
    for (OrderLine line : order.lines()) {
      text.append(
          "%s  %s × %d  %s%s%n"
              .formatted(
                  line.sku(),
                  line.name(),
                  line.quantity(),
                  money(line.amount(), order.currency()),
                  line.taxRate() == 8 ? " ※" : ""));
    }
    text.append("%n小計 / Subtotal: %s%n".formatted(money(order.subtotal(), order.currency())));
    for (TaxLine tax : order.taxes()) {
      text.append(
          "%d%%対象 / Taxable at %d%%: %s  消費税 / Tax: %s%n"
              .formatted(
                  tax.rate(),
                  tax.rate(),
                  money(tax.taxable(), order.currency()),
                  money(tax.tax(), order.currency())));
    }
    text.append("合計 / Total: %s%n".formatted(money(order.amount(), order.currency())));
    text.append("※ 軽減税率対象 / reduced tax rate%n".formatted());
    return text.toString();
  }

  private static String money(long amount, String currency) {
    NumberFormat format = NumberFormat.getIntegerInstance(Locale.JAPAN);
    return format.format(amount) + " " + currency;
  }
}
