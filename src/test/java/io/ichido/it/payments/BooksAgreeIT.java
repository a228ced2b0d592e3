package io.ichido.it.payments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.it.support.Api;
import io.ichido.it.support.Await;
import io.ichido.it.support.Db;
import io.ichido.it.support.OnSharedDeployment;
import io.ichido.it.support.PaymentLog;
import io.ichido.it.support.Sandbox;
import io.ichido.it.support.Shopper;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Where a path once decided money by itself, beside the money decider: each story ends with the
 * money on its order, the order's ledger equal to what the sandbox holds, and a way out for an
 * operator that works.
 */
class BooksAgreeIT extends OnSharedDeployment {

  private static final String CHARGE = "/api/payments/charge";
  private static final Api SHOP = Api.as("shop-a");
  private static final Api OPERATOR = Api.as("operator");

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({"komoju, konbini", "paypay, paypay"})
  @DisplayName(
      "a payment waiting for its customer whose answer and read-back name another amount is never"
          + " put before a person with nothing in it: what the customer pays is decided as money"
          + " always is, and the order's amount pays it")
  void otherAmountAskedThenPaid(String gateway, String method) {
    String sku = Db.newProduct(10, 1800, 10);
    JsonNode order = new Shopper(SHOP).order(sku, 1);
    long orderId = order.get("id").asLong();
    long amount = order.get("amount").asLong();
    // The create's answer and the read-back that checks it both name another amount.
    Sandbox.fault(gateway, orderId, "alter_amount", 2, 0);

    HttpResponse<String> charged =
        SHOP.postJson(
            CHARGE,
            "pay-" + UUID.randomUUID(),
            Shopper.chargeBody(order, gateway, method, "", "taro@example.com"));

    assertThat(charged.statusCode()).as(charged.body()).isEqualTo(502);
    assertThat(orderStatus(orderId)).isNotEqualTo("NEEDS_REVIEW");
    // The customer pays what the shop asked for, at the konbini or in the PayPay app (whose
    // payment is known by our key, its merchantPaymentId).
    String payment =
        gateway.equals("paypay")
            ? Db.text("SELECT gateway_key FROM charge_attempt WHERE order_id = ?", orderId)
            : Sandbox.charges(orderId).get(0).path("id").asText();
    Sandbox.complete(gateway, payment);

    Await.until(
        "order " + orderId + " paid by what its customer paid",
        Duration.ofSeconds(60),
        () -> "PAID".equals(orderStatus(orderId)));
    assertThat(Db.onHand(sku)).as("sold once").isEqualTo(9);
    assertThat(
            Db.count(
                "SELECT COALESCE(sum(m.amount), 0) FROM money_movement m WHERE m.order_id = ?"
                    + " AND m.movement = 'CHARGED'",
                orderId))
        .as("the ledger holds what was paid, once")
        .isEqualTo(amount);
    if (!gateway.equals("paypay")) {
      // The sandbox's PayPay ledger names payments by our key, not by the order's reference.
      assertThat(MoneyTrail.net(orderId)).isEqualTo(amount);
      assertThat(MoneyTrail.ledgerDisagreements(orderId)).isEmpty();
    }
    assertBalanced(orderId);
  }

  @Test
  @DisplayName(
      "money in another currency is never the order's payment: accepting it is refused with its"
          + " way out named, and the queue's refund gives it back")
  void otherCurrencyIsNeverAccepted() {
    String sku = Db.newProduct(10, 1296, 10);
    JsonNode order = new Shopper(SHOP).order(sku, 1);
    long orderId = order.get("id").asLong();
    // The charge's answer and its read-back both say USD.
    Sandbox.fault("stripe", orderId, "alter_currency", 2, 0);
    HttpResponse<String> charged =
        SHOP.postJson(
            CHARGE,
            "pay-" + UUID.randomUUID(),
            Shopper.chargeBody(order, "stripe", "card", Sandbox.CARD_THAT_PAYS.get("stripe")));
    assertThat(charged.statusCode()).as(charged.body()).isEqualTo(502);
    Await.until(
        "order " + orderId + " in review",
        Duration.ofSeconds(30),
        () -> "NEEDS_REVIEW".equals(orderStatus(orderId)));

    HttpResponse<String> accepted =
        OPERATOR.postJson(
            "/api/review/orders/" + orderId + "/accept", "accept-" + UUID.randomUUID(), "");

    assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(409);
    assertThat(accepted.body()).contains("review-other-currency").contains("refund it");
    assertThat(orderStatus(orderId)).isEqualTo("NEEDS_REVIEW");
    HttpResponse<String> refunded =
        OPERATOR.postJson(
            "/api/review/orders/" + orderId + "/refund", "refund-" + UUID.randomUUID(), "");
    assertThat(refunded.statusCode()).as(refunded.body()).isEqualTo(200);
    Await.until(
        "order " + orderId + " refunded from review",
        Duration.ofSeconds(30),
        () -> "REFUNDED".equals(orderStatus(orderId)));
    assertThat(MoneyTrail.net(orderId)).isZero();
    assertThat(MoneyTrail.ledgerDisagreements(orderId)).isEmpty();
    assertBalanced(orderId);
  }

  @Test
  @DisplayName(
      "an operator records money taken for an attempt whose answers were all lost: only with the"
          + " gateway's own id of the charge, so that a later refund reaches the charge")
  void outcomeNeedsTheGatewaysChargeId() {
    String sku = Db.newProduct(10, 2200, 10);
    JsonNode order = new Shopper(SHOP).order(sku, 1);
    long orderId = order.get("id").asLong();
    long amount = order.get("amount").asLong();
    // KOMOJU charges; every answer to it, and to sending it again, is lost.
    Sandbox.fault("komoju", orderId, "drop", 200, 0);
    HttpResponse<String> first =
        SHOP.postJson(
            CHARGE,
            "pay-" + UUID.randomUUID(),
            Shopper.chargeBody(order, "komoju", "card", Sandbox.CARD_THAT_PAYS.get("komoju")));
    assertThat(first.statusCode()).as(first.body()).isEqualTo(503);
    Sandbox.clearFaults(orderId);
    // A day later: KOMOJU keeps a key 24 hours and has no lookup by our reference.
    Db.update(
        "UPDATE charge_attempt SET requested_at = requested_at - interval '24 hours',"
            + " sent_at = sent_at - interval '24 hours', reconcile_after = now()"
            + " WHERE order_id = ?",
        orderId);
    long attempt = Db.count("SELECT id FROM charge_attempt WHERE order_id = ?", orderId);
    Await.until(
        "attempt " + attempt + " known to be past asking",
        Duration.ofSeconds(30),
        () ->
            "outcome_unknowable"
                .equals(Db.text("SELECT failure_code FROM charge_attempt WHERE id = ?", attempt)));
    assertThat(Db.text("SELECT status FROM charge_attempt WHERE id = ?", attempt))
        .isEqualTo("UNKNOWN");
    assertThat(orderStatus(orderId))
        .as("nobody's review: no money was reported")
        .isEqualTo("PENDING_PAYMENT");
    JsonNode queue = Shopper.json(OPERATOR.get("/api/review?limit=500").body());
    assertThat(queue.path("charges_in_doubt").toString()).contains("\"attempt_id\":" + attempt);

    String chargeId = Sandbox.charges(orderId).get(0).path("id").asText();
    String withoutId =
        "{\"taken\": " + amount + ", \"currency\": \"JPY\", \"reference\": \"portal\"}";
    HttpResponse<String> refused =
        OPERATOR.postJson(
            "/api/review/attempts/" + attempt + "/outcome",
            "outcome-" + UUID.randomUUID(),
            withoutId);
    assertThat(refused.statusCode()).as(refused.body()).isEqualTo(409);
    assertThat(refused.body()).contains("charge-id-required");

    HttpResponse<String> recorded =
        OPERATOR.postJson(
            "/api/review/attempts/" + attempt + "/outcome",
            "outcome-" + UUID.randomUUID(),
            "{\"taken\": "
                + amount
                + ", \"currency\": \"JPY\", \"reference\": \"portal\", \"charge_id\": \""
                + chargeId
                + "\"}");
    assertThat(recorded.statusCode()).as(recorded.body()).isEqualTo(200);
    assertThat(orderStatus(orderId)).isEqualTo("PAID");

    HttpResponse<String> refund =
        SHOP.postJson(
            "/api/orders/" + orderId + "/refunds",
            "refund-" + UUID.randomUUID(),
            "{\"amount\": 1000, \"reason\": \"a cup arrived chipped\"}");
    assertThat(refund.statusCode()).as(refund.body()).isEqualTo(201);
    assertThat(Shopper.json(refund.body()).path("gateway_refund_id").asText()).isNotEmpty();
    assertThat(MoneyTrail.net(orderId)).isEqualTo(amount - 1000);
    assertThat(MoneyTrail.ledgerDisagreements(orderId)).isEmpty();
    assertBalanced(orderId);
  }

  @Test
  @DisplayName(
      "a refund whose every answer is lost has a way out: the operator records what the gateway's"
          + " portal shows, and a new refund goes through")
  void refundInDoubtHasAWayOut() {
    String sku = Db.newProduct(10, 2600, 10);
    JsonNode order = new Shopper(SHOP).order(sku, 1);
    long orderId = order.get("id").asLong();
    long amount = order.get("amount").asLong();
    HttpResponse<String> paid =
        SHOP.postJson(
            CHARGE,
            "pay-" + UUID.randomUUID(),
            Shopper.chargeBody(order, "stripe", "card", Sandbox.CARD_THAT_PAYS.get("stripe")));
    assertThat(paid.statusCode()).as(paid.body()).isEqualTo(201);
    // Stripe is away for this order: every call is answered 503, and no refund is made.
    Sandbox.fault("stripe", orderId, "http503", 500, 0);
    String refundBody = "{\"amount\": 1000, \"reason\": \"a saucer arrived broken\"}";
    HttpResponse<String> lost =
        SHOP.postJson(
            "/api/orders/" + orderId + "/refunds", "refund-" + UUID.randomUUID(), refundBody);
    assertThat(lost.statusCode()).as(lost.body()).isEqualTo(503);
    long refundId = Db.count("SELECT max(id) FROM gateway_refund WHERE order_id = ?", orderId);
    HttpResponse<String> another =
        SHOP.postJson(
            "/api/orders/" + orderId + "/refunds", "refund-" + UUID.randomUUID(), refundBody);
    assertThat(another.statusCode()).as(another.body()).isEqualTo(409);

    AtomicReference<HttpResponse<String>> recorded = new AtomicReference<>();
    Await.until(
        "the operator's record taken (not while the sweep sends it)",
        Duration.ofSeconds(30),
        () -> {
          recorded.set(
              OPERATOR.postJson(
                  "/api/review/refunds/" + refundId + "/outcome",
                  "outcome-" + UUID.randomUUID(),
                  "{\"made\": false, \"reference\": \"Stripe dashboard: no refund\"}"));
          return !recorded.get().body().contains("refund-being-sent");
        });
    assertThat(recorded.get().statusCode()).as(recorded.get().body()).isEqualTo(200);
    assertThat(Shopper.json(recorded.get().body()).path("status").asText()).isEqualTo("FAILED");
    Sandbox.clearFaults(orderId);

    HttpResponse<String> refund =
        SHOP.postJson(
            "/api/orders/" + orderId + "/refunds", "refund-" + UUID.randomUUID(), refundBody);
    assertThat(refund.statusCode()).as(refund.body()).isEqualTo(201);
    assertThat(MoneyTrail.net(orderId)).isEqualTo(amount - 1000);
    assertThat(MoneyTrail.ledgerDisagreements(orderId)).isEmpty();
    Db.chained(orderId);
    assertThat(
            Db.text(
                "SELECT actor FROM payment_log WHERE order_id = ?"
                    + " AND kind = 'REFUND_OUTCOME_RECORDED'",
                orderId))
        .isEqualTo("operator");
    assertBalanced(orderId);
  }

  private static void assertBalanced(long orderId) {
    JsonNode ledger = PaymentLog.verify().path("ledger");
    assertThat(ledger.path("problems").toString()).doesNotContain("\"orderId\":" + orderId + ",");
  }

  private static String orderStatus(long orderId) {
    return Db.text("SELECT status FROM customer_order WHERE id = ?", orderId);
  }
}
