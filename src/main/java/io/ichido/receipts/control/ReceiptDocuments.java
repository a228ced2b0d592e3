package io.ichido.receipts.control;

import io.ichido.orders.entity.OrderDetails;
import io.ichido.orders.entity.OrderLine;
import io.ichido.receipts.entity.RateTotal;
import io.ichido.receipts.entity.Receipt;
import io.ichido.receipts.entity.ReceiptKind;
import java.text.NumberFormat;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * What a receipt (適格簡易請求書) and a return invoice (適格返還請求書) say, as the e-mail's text and as the
 * printable page: the issuer's name and registration number, the document's number, the date in
 * Japan, the items with the reduced-rate mark, and the amount and consumption tax per rate.
 */
public final class ReceiptDocuments {

  /** The mark of the reduced rate (軽減税率), explained under the items. */
  static final int REDUCED_RATE = 8;

  private static final DateTimeFormatter DATE =
      DateTimeFormatter.ofPattern("uuuu年M月d日 HH:mm", Locale.JAPAN).withZone(Receipts.JAPAN);

  private ReceiptDocuments() {}

  /** The title, in Japanese and English. */
  public static String title(Receipt document) {
    return document.kind() == ReceiptKind.RECEIPT
        ? "領収書（適格簡易請求書） / Receipt (qualified invoice)"
        : "返還請求書（適格返還請求書） / Return invoice (qualified)";
  }

  /** The document as plain text, for the e-mail that carries the original. */
  public static String text(Receipt document, OrderDetails order) {
    StringBuilder text = new StringBuilder();
    text.append(title(document)).append("\n\n");
    text.append("発行者 / Issuer: ").append(document.issuerName()).append('\n');
    text.append("登録番号 / Registration number: ").append(document.registrationNumber()).append('\n');
    text.append(numberLabel(document)).append(": ").append(document.number()).append('\n');
    text.append(dateLabel(document)).append(": ").append(date(document.issuedAt())).append('\n');
    if (document.kind() == ReceiptKind.RETURN && order.paidAt() != null) {
      text.append("元のお取引日 / Date of the sale: ").append(date(order.paidAt())).append('\n');
    }
    text.append("ご注文 / Order: #").append(order.id()).append("\n\n");
    for (OrderLine line : order.lines()) {
      text.append(
          "%s%s × %d  %s%n"
              .formatted(
                  line.name(),
                  line.taxRate() == REDUCED_RATE ? " ※" : "",
                  line.quantity(),
                  yen(line.amount())));
    }
    text.append('\n');
    for (RateTotal rate : document.rates()) {
      text.append(rateLine(document, rate)).append('\n');
    }
    text.append(totalLine(document)).append('\n');
    text.append("※ 軽減税率（8%）対象 / reduced rate (8%)\n");
    return text.toString();
  }

  static String numberLabel(Receipt document) {
    return document.kind() == ReceiptKind.RECEIPT
        ? "領収書番号 / Receipt number"
        : "返還請求書番号 / Return invoice number";
  }

  static String dateLabel(Receipt document) {
    return document.kind() == ReceiptKind.RECEIPT
        ? "お取引日 / Date (JST)"
        : "返金日 / Date of the refund (JST)";
  }

  static String rateLine(Receipt document, RateTotal rate) {
    String mark = rate.rate() == REDUCED_RATE ? " ※" : "";
    return document.kind() == ReceiptKind.RECEIPT
        ? "%d%%対象%s / At %d%%: %s（うち消費税 / tax %s）"
            .formatted(rate.rate(), mark, rate.rate(), yen(rate.amount()), yen(rate.tax()))
        : "%d%%対象 返還額%s / Returned at %d%%: %s（うち消費税 / tax %s）"
            .formatted(rate.rate(), mark, rate.rate(), yen(rate.amount()), yen(rate.tax()));
  }

  static String totalLine(Receipt document) {
    return (document.kind() == ReceiptKind.RECEIPT ? "合計 / Total: " : "返還額合計 / Total returned: ")
        + yen(document.amount())
        + "（うち消費税 / tax "
        + yen(document.tax())
        + "）";
  }

  static String date(Instant at) {
    return DATE.format(at);
  }

  static String yen(long amount) {
    return "¥" + NumberFormat.getIntegerInstance(Locale.JAPAN).format(amount);
  }
}
