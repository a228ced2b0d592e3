package io.ichido.receipts.control;

import io.ichido.orders.entity.OrderLine;
import io.ichido.receipts.entity.RateTotal;
import io.ichido.receipts.entity.Receipt;
import io.ichido.receipts.entity.ReceiptKind;

/**
 * A printout as one self-contained HTML page: no script, no request to anything, styles inline, so
 * that it prints the same anywhere and can be saved as it is.
 */
public final class ReceiptPage {

  /** For the page's answer header: nothing may load or run, only the inline styles apply. */
  public static final String CONTENT_SECURITY_POLICY =
      "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

  private static final String STYLE =
      """
      body{font-family:system-ui,"Hiragino Sans","Noto Sans JP","Yu Gothic UI",Meiryo,sans-serif;
      color:#1f2328;margin:2rem auto;max-width:44rem;padding:0 1rem;line-height:1.5}
      article{border:1px solid #d1d9e0;border-radius:8px;padding:1.25rem 1.5rem;margin-bottom:1.5rem;
      break-inside:avoid}
      h1{font-size:1.2rem;margin:0 0 .75rem}
      .reprint{display:inline-block;border:2px solid #cf222e;color:#cf222e;font-weight:700;
      padding:.1rem .5rem;margin-left:.5rem;font-size:1rem}
      dl{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem;margin:0 0 1rem}
      dt{color:#59636e}dd{margin:0}
      table{width:100%;border-collapse:collapse;margin-bottom:1rem;font-variant-numeric:tabular-nums}
      th,td{text-align:left;padding:.3rem .4rem;border-bottom:1px solid #d1d9e0}
      .num{text-align:right}
      tfoot td{border-bottom:none}
      .total td{font-weight:700;border-top:2px solid #1f2328}
      .note{color:#59636e;font-size:.9rem}
      @media print{body{margin:0}article{border:none;padding:0}}
      """;

  private ReceiptPage() {}

  public static String html(Printout printout) {
    StringBuilder html = new StringBuilder();
    html.append("<!doctype html>\n<html lang=\"ja\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        .append("<title>")
        .append(escape("領収書 ご注文 #" + printout.order().id()))
        .append("</title>\n<style>")
        .append(STYLE)
        .append("</style>\n</head>\n<body>\n");
    for (Printout.Copy copy : printout.copies()) {
      document(html, copy, printout);
    }
    html.append("</body>\n</html>\n");
    return html.toString();
  }

  private static void document(StringBuilder html, Printout.Copy copy, Printout printout) {
    Receipt document = copy.document();
    html.append("<article id=\"")
        .append(escape(document.number()))
        .append("\" data-kind=\"")
        .append(document.kind().name())
        .append("\" data-reprint=\"")
        .append(copy.reprint())
        .append("\">\n<h1>")
        .append(escape(ReceiptDocuments.title(document)));
    if (copy.reprint()) {
      html.append("<span class=\"reprint\">再発行 / Reissued</span>");
    }
    html.append("</h1>\n<dl>\n");
    term(html, "発行者 / Issuer", document.issuerName());
    term(html, "登録番号 / Registration number", document.registrationNumber());
    term(html, ReceiptDocuments.numberLabel(document), document.number());
    term(html, ReceiptDocuments.dateLabel(document), ReceiptDocuments.date(document.issuedAt()));
    if (document.kind() == ReceiptKind.RETURN && printout.order().paidAt() != null) {
      term(html, "元のお取引日 / Date of the sale", ReceiptDocuments.date(printout.order().paidAt()));
    }
    term(html, "ご注文 / Order", "#" + printout.order().id());
    html.append("</dl>\n<table>\n<thead><tr><th>品目 / Item</th><th class=\"num\">数量 / Qty</th>")
        .append("<th class=\"num\">金額（税抜） / Amount (excl. tax)</th></tr></thead>\n<tbody>\n");
    for (OrderLine line : printout.order().lines()) {
      html.append("<tr><td>")
          .append(escape(line.name()))
          .append(line.taxRate() == ReceiptDocuments.REDUCED_RATE ? " ※" : "")
          .append("</td><td class=\"num\">")
          .append(line.quantity())
          .append("</td><td class=\"num\">")
          .append(ReceiptDocuments.yen(line.amount()))
          .append("</td></tr>\n");
    }
    html.append("</tbody>\n<tfoot>\n");
    for (RateTotal rate : document.rates()) {
      html.append("<tr class=\"rate\" data-rate=\"")
          .append(rate.rate())
          .append("\"><td colspan=\"3\" class=\"num\">")
          .append(escape(ReceiptDocuments.rateLine(document, rate)))
          .append("</td></tr>\n");
    }
    html.append("<tr class=\"total\"><td colspan=\"3\" class=\"num\">")
        .append(escape(ReceiptDocuments.totalLine(document)))
        .append("</td></tr>\n</tfoot>\n</table>\n")
        .append("<p class=\"note\">※ 軽減税率（8%）対象 / reduced rate (8%)</p>\n</article>\n");
  }

  private static void term(StringBuilder html, String term, String value) {
    html.append("<dt>")
        .append(escape(term))
        .append("</dt><dd>")
        .append(escape(value))
        .append("</dd>\n");
  }

  static String escape(String text) {
    StringBuilder escaped = new StringBuilder(text.length());
    for (char c : text.toCharArray()) {
      switch (c) {
        case '<' -> escaped.append("&lt;");
        case '>' -> escaped.append("&gt;");
        case '&' -> escaped.append("&amp;");
        case '"' -> escaped.append("&quot;");
        case '\'' -> escaped.append("&#39;");
        default -> escaped.append(c);
      }
    }
    return escaped.toString();
  }
}
