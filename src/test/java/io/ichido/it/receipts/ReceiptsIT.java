package io.ichido.it.receipts;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.it.support.Api;
import io.ichido.it.support.Chromium;
import io.ichido.it.support.Db;
import io.ichido.it.support.Mailbox;
import io.ichido.it.support.OnSharedDeployment;
import io.ichido.it.support.Outbox;
import io.ichido.it.support.Sandbox;
import io.ichido.it.support.Shopper;
import jakarta.mail.internet.MimeMessage;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * Receipts as qualified invoices (適格簡易請求書) and return invoices (適格返還請求書), against the real server,
 * the sandbox's signed webhooks, a real SMTP server and, for the printable page, a real Chromium:
 * one number per paid order however often the gateway delivers, tax per rate over the order, and
 * refunds that give back exactly what each rate was paid.
 */
class ReceiptsIT extends OnSharedDeployment {

  private static final Api SHOP_A = Api.as("shop-a");
  private static final Mailbox MAILBOX = Mailbox.shared();

  @RegisterExtension static final Chromium CHROMIUM = Chromium.perClass();

  /** The placeholder registration number the WAR ships with. */
  private static final String ISSUER_NUMBER = "T9000000000000";

  /**
   * 3 × 123 yen at 8 % and two different 155-yen items at 10 %: tax per rate over the order is 29
   * and 31 yen; per line it would be 29 and 15 + 15 = 30.
   */
  private static JsonNode mixedBasket(String customer) {
    String reduced = Db.newProduct(10, 123, 8);
    String first = Db.newProduct(10, 155, 10);
    String second = Db.newProduct(10, 155, 10);
    HttpResponse<String> placed =
        SHOP_A.postJson(
            "/api/orders",
            "order-" + UUID.randomUUID(),
            """
            {"customer":"%s","currency":"JPY","items":[{"sku":"%s","quantity":3},
             {"sku":"%s","quantity":1},{"sku":"%s","quantity":1}]}"""
                .formatted(customer, reduced, first, second));
    assertThat(placed.statusCode()).as(placed.body()).isEqualTo(201);
    JsonNode order = Shopper.json(placed.body());
    assertThat(order.path("amount").asLong()).isEqualTo(739);
    return order;
  }

  private static String chargeId(JsonNode order, String gateway, String method, String email) {
    String token = "card".equals(method) ? Sandbox.CARD_THAT_PAYS.get(gateway) : "";
    HttpResponse<String> charged =
        SHOP_A.postJson(
            "/api/payments/charge",
            "pay-" + UUID.randomUUID(),
            Shopper.chargeBody(order, gateway, method, token, email));
    assertThat(charged.statusCode()).as(charged.body()).isEqualTo(201);
    return Shopper.json(charged.body()).path("charge_id").asText();
  }

  @Test
  @DisplayName("konbini paid, the webhook delivered three times: one receipt, one number, one mail")
  void oneNumberPerOrder() throws Exception {
    String email = "receipt-" + UUID.randomUUID() + "@example.jp";
    JsonNode order = mixedBasket(email);
    long orderId = order.path("id").asLong();
    String chargeId = chargeId(order, "komoju", "konbini", email);

    String eventId = Sandbox.complete("komoju", chargeId).path("webhook").path("eventId").asText();
    Sandbox.redeliver(eventId);
    Sandbox.redeliver(eventId);

    assertThat(Db.count("SELECT count(*) FROM receipt WHERE order_id = ?", orderId)).isOne();
    String number =
        Db.text("SELECT number FROM receipt WHERE order_id = ? AND kind = 'RECEIPT'", orderId);
    assertThat(number).matches("R20\\d\\d-\\d{8}");

    MAILBOX.await(email, 1);
    // Every email of the order is written when it is decided: none waiting, no second one coming.
    Outbox.settledFor(orderId);
    List<MimeMessage> mails = MAILBOX.to(email);
    assertThat(mails).hasSize(1);
    String text = mails.get(0).getContent().toString();
    assertThat(text)
        .contains(
            "領収書（適格簡易請求書）",
            "登録番号 / Registration number: " + ISSUER_NUMBER,
            "領収書番号 / Receipt number: " + number,
            " ※ × 3  ¥369",
            "8%対象 ※ / At 8%: ¥398（うち消費税 / tax ¥29）",
            "10%対象 / At 10%: ¥341（うち消費税 / tax ¥31）",
            "合計 / Total: ¥739（うち消費税 / tax ¥60）")
        .doesNotContain("再発行");
    assertThat(text)
        .containsPattern("お取引日 / Date \\(JST\\): 20\\d\\d年\\d{1,2}月\\d{1,2}日 \\d\\d:\\d\\d");

    Map<String, Long> facts = Db.factsByKind("order_id", orderId);
    assertThat(facts.get("RECEIPT_ISSUED")).as("receipts in the payment log").isOne();
  }

  @Test
  @DisplayName(
      "a partial refund, delivered twice, then the rest: two return invoices, exact per rate")
  void returnInvoices() throws Exception {
    String email = "return-" + UUID.randomUUID() + "@example.jp";
    JsonNode order = mixedBasket(email);
    long orderId = order.path("id").asLong();
    String chargeId = chargeId(order, "stripe", "card", email);

    String eventId =
        Sandbox.refund("stripe", chargeId, 300).path("webhook").path("eventId").asText();
    Sandbox.redeliver(eventId);
    Sandbox.refund("stripe", chargeId, 439);

    List<Map<String, Object>> returns =
        Db.rows(
            "SELECT r.number, r.refunded_through, r.amount, r.tax, rr.tax_rate, rr.amount AS rate_amount,"
                + " rr.tax AS rate_tax FROM receipt r JOIN receipt_rate rr ON rr.receipt_id = r.id"
                + " WHERE r.order_id = ? AND r.kind = 'RETURN' ORDER BY r.id, rr.tax_rate",
            orderId);
    // 300 of 739: 8 % had 398 of it, so floor(300 × 398 / 739) = 161 at 8 %, 139 at 10 %.
    assertThat(returns)
        .extracting(
            r ->
                r.get("refunded_through")
                    + "@"
                    + r.get("tax_rate")
                    + ":"
                    + r.get("rate_amount")
                    + "/"
                    + r.get("rate_tax"))
        .containsExactly("300@8:161/11", "300@10:139/12", "739@8:237/17", "739@10:202/18");
    // Together the two give back exactly what each rate was paid; each states the tax of its own
    // amount, rounded once on it: floor(237 × 8 / 108) = 17 and floor(202 × 10 / 110) = 18, a yen
    // less each than the receipt's 29 and 31 less the first document's 11 and 12.
    assertThat(161 + 237).isEqualTo(398);
    assertThat(139 + 202).isEqualTo(341);

    Map<String, Long> facts = Db.factsByKind("order_id", orderId);
    assertThat(facts.get("RETURN_INVOICE_ISSUED")).as("return invoices in the log").isEqualTo(2);

    MAILBOX.await(email, 3);
    Outbox.settledFor(orderId);
    List<String> mails = MAILBOX.to(email).stream().map(m -> body(m)).toList();
    assertThat(mails).as("the receipt and two return invoices, each once").hasSize(3);
    assertThat(mails.stream().filter(t -> t.contains("返還請求書（適格返還請求書）")).toList())
        .hasSize(2)
        .anySatisfy(
            t -> assertThat(t).contains("8%対象 返還額 ※ / Returned at 8%: ¥161（うち消費税 / tax ¥11）"));
  }

  @Test
  @DisplayName("the printable page in Chromium: the caller's own order only, a reprint says 再発行")
  void printablePage() throws Exception {
    String email = "print-" + UUID.randomUUID() + "@example.jp";
    JsonNode order = mixedBasket(email);
    long orderId = order.path("id").asLong();
    String path = "/api/orders/" + orderId + "/receipt";

    HttpResponse<String> unpaid = SHOP_A.get(path);
    assertThat(unpaid.statusCode()).isEqualTo(404);
    assertThat(unpaid.body()).contains("receipt-not-issued");

    chargeId(order, "komoju", "card", email);
    HttpResponse<String> page = SHOP_A.get(path);
    assertThat(page.statusCode()).isEqualTo(200);
    assertThat(page.headers().firstValue("Content-Type"))
        .hasValueSatisfying(t -> assertThat(t).startsWith("text/html"));
    assertThat(page.headers().firstValue("Content-Security-Policy"))
        .hasValueSatisfying(p -> assertThat(p).contains("default-src 'none'"));
    assertThat(Api.as("shop-b").get(path).statusCode()).as("another shop's order").isEqualTo(404);

    ChromeDriver browser = CHROMIUM.open("ja-JP");
    browser.executeCdpCommand("Network.enable", Map.of());
    browser.executeCdpCommand(
        "Network.setExtraHTTPHeaders",
        Map.of(
            "headers",
            Map.of(
                "Authorization",
                "Basic " + Base64.getEncoder().encodeToString("shop-a:shop-a-secret".getBytes()))));
    browser.get(Api.BASE + path);
    WebElement receipt = browser.findElement(By.cssSelector("article[data-kind='RECEIPT']"));
    assertThat(receipt.getAttribute("data-reprint")).isEqualTo("true");
    assertThat(receipt.getText())
        .contains("再発行", ISSUER_NUMBER, "※", "¥739")
        .contains(Db.text("SELECT number FROM receipt WHERE order_id = ?", orderId));
    assertThat(browser.findElements(By.cssSelector("article[data-kind='RECEIPT'] tr.rate")))
        .extracting(WebElement::getText)
        .containsExactly(
            "10%対象 / At 10%: ¥341（うち消費税 / tax ¥31）", "8%対象 ※ / At 8%: ¥398（うち消費税 / tax ¥29）");
    CHROMIUM.screenshot("receipt.png");
    // It prints: Chromium makes a PDF of it, one A4 page.
    Map<String, Object> pdf =
        browser.executeCdpCommand(
            "Page.printToPDF", Map.of("paperWidth", 8.27, "paperHeight", 11.69));
    byte[] bytes = Base64.getDecoder().decode((String) pdf.get("data"));
    assertThat(new String(bytes, 0, 5, java.nio.charset.StandardCharsets.ISO_8859_1))
        .isEqualTo("%PDF-");
    Files.write(Path.of("target", "screenshots", "receipt.pdf"), bytes);
  }

  private static String body(MimeMessage message) {
    try {
      return message.getContent().toString();
    } catch (IOException | jakarta.mail.MessagingException e) {
      throw new IllegalStateException(e);
    }
  }
}
