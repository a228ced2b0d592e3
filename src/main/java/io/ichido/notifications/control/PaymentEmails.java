package io.ichido.notifications.control;

import io.ichido.orders.entity.OrderDetails;
import io.ichido.orders.entity.OrderPaymentEnded;
import io.ichido.receipts.entity.Receipt;
import io.ichido.receipts.entity.ReceiptIssued;
import io.ichido.receipts.entity.ReceiptKind;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.text.NumberFormat;
import java.util.Locale;

/**
 * Queues the customer's receipt and each return invoice as they are issued, and a notice when an
 * order's payment expired, each once (the outbox's key). In Japanese first, then English.
 */
@ApplicationScoped
public class PaymentEmails {

  @Inject Outbox outbox;

  /** A document goes to the address its payment named, with the text the document was issued as. */
  void onReceiptIssued(@Observes ReceiptIssued event) {
    Receipt document = event.receipt();
    if (document.recipient() == null) {
      return;
    }
    long order = document.orderId();
    if (document.kind() == ReceiptKind.RECEIPT) {
      outbox.queue(
          "receipt:" + order,
          order,
          document.recipient(),
          "【Ichido】領収書 ご注文 #%d / Receipt for order #%d".formatted(order, order),
          "ご注文 #%d のお支払いを確認しました。ありがとうございます。%nThank you: we received the payment for order #%d.%n%n"
                  .formatted(order, order)
              + event.text()
              + "%nお支払い / Paid with: %s%n".formatted(event.paidWith()));
    } else {
      outbox.queue(
          "return:" + document.number(),
          order,
          document.recipient(),
          "【Ichido】返還請求書 ご注文 #%d / Return invoice for order #%d".formatted(order, order),
          "ご注文 #%d の返金を行いました。%nWe refunded part or all of order #%d.%n%n".formatted(order, order)
              + event.text());
    }
  }

  void onOrderPaymentEnded(@Observes OrderPaymentEnded event) {
    if (event.cause() != OrderPaymentEnded.Cause.EXPIRED || event.customerEmail() == null) {
      return;
    }
    OrderDetails order = event.order();
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

  private static String money(long amount, String currency) {
    NumberFormat format = NumberFormat.getIntegerInstance(Locale.JAPAN);
    return format.format(amount) + " " + currency;
  }
}
