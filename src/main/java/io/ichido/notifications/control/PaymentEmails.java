package io.ichido.notifications.control;

import io.ichido.orders.control.Orders;
import io.ichido.orders.entity.CustomerOrder;
import io.ichido.orders.entity.OrderLine;
import io.ichido.orders.entity.TaxLine;
import io.ichido.payments.entity.PaymentExpired;
import io.ichido.payments.entity.PaymentSucceeded;
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

  void onPaymentSucceeded(
      @Observes @Priority(Interceptor.Priority.APPLICATION + 20) PaymentSucceeded event) {
    if (event.customerEmail() == null) {
      LOG.fine(() -> "Order " + event.orderId() + " was paid without an email address");
      return;
    }
    CustomerOrder order = orders.lock(event.orderId());
    outbox.queue(
        "receipt:" + order.id(),
        order.id(),
        event.customerEmail(),
        "【Ichido】領収書 ご注文 #%d / Receipt for order #%d".formatted(order.id(), order.id()),
        receipt(order, event));
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

  private static String receipt(CustomerOrder order, PaymentSucceeded event) {
    StringBuilder text = new StringBuilder();
    text.append("ご注文 #%d のお支払いを確認しました。ありがとうございます。%n".formatted(order.id()));
    text.append("Thank you: we received the payment for order #%d.%n%n".formatted(order.id()));
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
    text.append("%nお支払い / Paid with: %s (%s)%n".formatted(event.gateway(), event.chargeId()));
    return text.toString();
  }

  private static String money(long amount, String currency) {
    NumberFormat format = NumberFormat.getIntegerInstance(Locale.JAPAN);
    return format.format(amount) + " " + currency;
  }
}
