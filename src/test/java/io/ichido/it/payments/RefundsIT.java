package io.ichido.it.payments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.it.support.Api;
import io.ichido.it.support.Await;
import io.ichido.it.support.Concurrent;
import io.ichido.it.support.Db;
import io.ichido.it.support.Mailbox;
import io.ichido.it.support.OnSharedDeployment;
import io.ichido.it.support.Sandbox;
import io.ichido.it.support.Shopper;
import io.ichido.it.support.Together;
import jakarta.mail.internet.MimeMessage;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Refunds the merchant asks for ({@code POST /api/orders/{id}/refunds}), against the real server,
 * the gateway sandbox (its ledger says what each gateway gave back), a real SMTP server and the
 * payment log: once whatever is retried, never more than is left, one return invoice and one e-mail
 * per refund, the gateway's refund webhook taken for the same refund.
 */
class RefundsIT extends OnSharedDeployment {

  private static final Api SHOP_A = Api.as("shop-a");
  private static final Mailbox MAILBOX = Mailbox.shared();

  /** 3 × 123 yen at 8 % and 2 × 155 yen at 10 %: 739 yen, paid by card through {@code gateway}. */
  static JsonNode paidOrder(String gateway, String email) {
    String reduced = Db.newProduct(10, 123, 8);
    String standard = Db.newProduct(10, 155, 10);
    HttpResponse<String> placed =
        SHOP_A.postJson(
            "/api/orders",
            "order-" + UUID.randomUUID(),
            """
            {"customer":"%s","currency":"JPY","items":[{"sku":"%s","quantity":3},
             {"sku":"%s","quantity":2}]}"""
                .formatted(email, reduced, standard));
    assertThat(placed.statusCode()).as(placed.body()).isEqualTo(201);
    JsonNode order = Shopper.json(placed.body());
    HttpResponse<String> charged =
        SHOP_A.postJson(
            "/api/payments/charge",
            "pay-" + UUID.randomUUID(),
            Shopper.chargeBody(order, gateway, "card", Sandbox.CARD_THAT_PAYS.get(gateway), email));
    assertThat(charged.statusCode()).as(charged.body()).isEqualTo(201);
    assertThat(Shopper.json(charged.body()).path("status").asText()).isEqualTo("succeeded");
    return order;
  }

  static HttpResponse<String> refund(long orderId, String key, long amount) {
    return SHOP_A.postJson(
        "/api/orders/" + orderId + "/refunds",
        key,
        "{\"amount\":%d,\"reason\":\"a mug arrived broken\"}".formatted(amount));
  }

  private static long refundedAtTheGateway(long orderId) {
    return Sandbox.charges(orderId).stream()
        .mapToLong(c -> c.path("amountRefunded").asLong())
        .sum();
  }

  private static long returnInvoices(long orderId) {
    return Db.count("SELECT count(*) FROM receipt WHERE order_id = ? AND kind = 'RETURN'", orderId);
  }

  private static List<String> returnMails(String email) throws Exception {
    return MAILBOX.to(email).stream()
        .map(RefundsIT::body)
        .filter(t -> t.contains("返還請求書（適格返還請求書）"))
        .toList();
  }

  @Concurrent
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"stripe", "omise", "komoju", "2c2p"})
  @DisplayName(
      "a refund whose answer is lost, retried with its key and with a new one: one refund at the"
          + " gateway, one return invoice, one e-mail")
  void lostAnswerRefundsOnce(String gateway) throws Exception {
    String email = "refund-" + gateway + "-" + UUID.randomUUID() + "@example.jp";
    long orderId = paidOrder(gateway, email).path("id").asLong();
    MAILBOX.await(email, 1); // the receipt

    // The gateway makes the refund and its answer is lost on the way back.
    Sandbox.fault(gateway, orderId, "drop", 1, 0);
    String key = "refund-" + UUID.randomUUID();
    HttpResponse<String> lost = refund(orderId, key, 300);
    assertThat(lost.statusCode()).as(lost.body()).isEqualTo(503);
    assertThat(lost.body()).contains("refund-unanswered");
    assertThat(refundedAtTheGateway(orderId)).as("the gateway did refund").isEqualTo(300);

    HttpResponse<String> again = refund(orderId, key, 300);
    assertThat(again.statusCode()).as(again.body()).isEqualTo(201);
    JsonNode answer = Shopper.json(again.body());
    assertThat(answer.path("status").asText()).isEqualTo("succeeded");
    assertThat(answer.path("amount").asLong()).isEqualTo(300);
    assertThat(answer.path("refunded_total").asLong()).isEqualTo(300);
    assertThat(answer.path("refundable").asLong()).isEqualTo(439);
    assertThat(answer.at("/return_invoice/number").asText()).isNotBlank();
    assertThat(answer.at("/return_invoice/amount").asLong()).isEqualTo(300);

    HttpResponse<String> replay = refund(orderId, key, 300);
    assertThat(replay.statusCode()).isEqualTo(201);
    assertThat(replay.headers().firstValue("Idempotency-Replayed")).hasValue("true");

    HttpResponse<String> newKey = refund(orderId, "refund-" + UUID.randomUUID(), 300);
    assertThat(newKey.statusCode()).as(newKey.body()).isEqualTo(409);
    assertThat(newKey.body()).contains("refund-duplicate");

    assertThat(refundedAtTheGateway(orderId)).isEqualTo(300);
    assertThat(returnInvoices(orderId)).isOne();
    MAILBOX.await(email, 2);
    Thread.sleep(2_000); // the outbox polls every second: a second return mail would be here
    assertThat(returnMails(email)).hasSize(1);
    assertThat(Db.count("SELECT count(*) FROM gateway_refund WHERE order_id = ?", orderId)).isOne();
    Map<String, Long> facts = Db.factsByKind("order_id", orderId);
    assertThat(facts).containsEntry("REFUND_REQUESTED", 1L).containsEntry("REFUNDED", 1L);
    Db.chained(orderId);
    assertThat(
            Db.count(
                "SELECT count(*) FROM payment_log WHERE order_id = ? AND kind = 'REFUNDED'"
                    + " AND amount = 300",
                orderId))
        .isOne();
    JsonNode order = Shopper.json(SHOP_A.get("/api/orders/" + orderId).body());
    assertThat(order.path("status").asText()).isEqualTo("PARTIALLY_REFUNDED");
  }

  @Concurrent
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"stripe", "omise", "komoju", "2c2p"})
  @DisplayName(
      "two partial refunds adding up to more than the charge: the second 409, nothing sent")
  void neverMoreThanIsLeft(String gateway) {
    String email = "over-" + gateway + "-" + UUID.randomUUID() + "@example.jp";
    long orderId = paidOrder(gateway, email).path("id").asLong();

    assertThat(refund(orderId, "r-" + UUID.randomUUID(), 500).statusCode()).isEqualTo(201);
    HttpResponse<String> over = refund(orderId, "r-" + UUID.randomUUID(), 300);
    assertThat(over.statusCode()).as(over.body()).isEqualTo(409);
    assertThat(over.body()).contains("refund-exceeds-balance", "\"refundable\":239");
    assertThat(refundedAtTheGateway(orderId)).isEqualTo(500);

    HttpResponse<String> rest = refund(orderId, "r-" + UUID.randomUUID(), 239);
    assertThat(rest.statusCode()).as(rest.body()).isEqualTo(201);
    assertThat(Shopper.json(rest.body()).path("refundable").asLong()).isZero();
    assertThat(refundedAtTheGateway(orderId)).isEqualTo(739);
    Await.until(
        "the order refunded",
        Duration.ofSeconds(10),
        () ->
            "REFUNDED"
                .equals(
                    Shopper.json(SHOP_A.get("/api/orders/" + orderId).body())
                        .path("status")
                        .asText()));
    // Each return invoice states its own tax, rounded once on it.
    List<Map<String, Object>> rates =
        Db.rows(
            "SELECT rr.tax_rate, rr.amount, rr.tax FROM receipt r JOIN receipt_rate rr"
                + " ON rr.receipt_id = r.id WHERE r.order_id = ? AND r.kind = 'RETURN'"
                + " ORDER BY r.id, rr.tax_rate",
            orderId);
    for (Map<String, Object> rate : rates) {
      long amount = ((Number) rate.get("amount")).longValue();
      int taxRate = ((Number) rate.get("tax_rate")).intValue();
      assertThat(((Number) rate.get("tax")).longValue())
          .as("tax of %s", rate)
          .isLessThanOrEqualTo(amount * taxRate / (100 + taxRate));
    }
    assertThat(returnInvoices(orderId)).isEqualTo(2);
  }

  @Concurrent
  @Test
  @DisplayName("the same refund key stormed by 20 requests: one refund at the gateway")
  void stormOfOneKey() throws Exception {
    String email = "storm-" + UUID.randomUUID() + "@example.jp";
    long orderId = paidOrder("stripe", email).path("id").asLong();
    String key = "refund-" + UUID.randomUUID();
    List<HttpResponse<String>> answers = Together.fire(20, i -> refund(orderId, key, 200));
    assertThat(answers)
        .allSatisfy(a -> assertThat(a.statusCode()).as(a.body()).isIn(201, 409, 503));
    HttpResponse<String> settled = refund(orderId, key, 200);
    assertThat(settled.statusCode()).as(settled.body()).isEqualTo(201);
    assertThat(refundedAtTheGateway(orderId)).isEqualTo(200);
    assertThat(Db.count("SELECT count(*) FROM gateway_refund WHERE order_id = ?", orderId)).isOne();
  }

  @Concurrent
  @Test
  @DisplayName("refunds that cannot be: unpaid, another shop's order, a zero amount; nothing sent")
  void refused() {
    String email = "refused-" + UUID.randomUUID() + "@example.jp";
    JsonNode unpaid =
        Shopper.json(
            SHOP_A
                .postJson(
                    "/api/orders",
                    "order-" + UUID.randomUUID(),
                    """
                    {"customer":"%s","currency":"JPY","items":[{"sku":"%s","quantity":1}]}"""
                        .formatted(email, Db.newProduct(5, 500, 10)))
                .body());
    HttpResponse<String> notPaid = refund(unpaid.path("id").asLong(), "r-" + UUID.randomUUID(), 1);
    assertThat(notPaid.statusCode()).isEqualTo(409);
    assertThat(notPaid.body()).contains("order-not-refundable", "/cancel");

    long paid2c2p = paidOrder("2c2p", email).path("id").asLong();

    HttpResponse<String> theirs =
        Api.as("shop-b")
            .postJson(
                "/api/orders/" + paid2c2p + "/refunds",
                "r-" + UUID.randomUUID(),
                "{\"amount\":100}");
    assertThat(theirs.statusCode()).isEqualTo(404);

    HttpResponse<String> invalid = refund(paid2c2p, "r-" + UUID.randomUUID(), 0);
    assertThat(invalid.statusCode()).isEqualTo(400);
    assertThat(Db.count("SELECT count(*) FROM gateway_refund WHERE order_id = ?", paid2c2p))
        .isZero();
  }

  private static String body(MimeMessage message) {
    try {
      return message.getContent().toString();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
