package io.ichido.it.payments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.it.support.Api;
import io.ichido.it.support.Db;
import io.ichido.it.support.Metrics;
import io.ichido.it.support.OnSharedDeployment;
import io.ichido.it.support.PaymentLog;
import io.ichido.it.support.Sandbox;
import io.ichido.it.support.Shopper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Reconciliation of the ledger with Stripe's own records (issue 49), against the real server and
 * the sandbox's {@code GET /v1/charges}: each kind of difference planted at the gateway or in the
 * ledger, a run through HTTP naming each once, the review queue listing it with its way out, the
 * payment log chaining it, and the way out working.
 */
class ReconciliationIT extends OnSharedDeployment {

  private static final Api SHOP_A = Api.as("shop-a");
  private static final Api OPERATOR = Api.as("operator");
  private static final String CHARGE = "/api/payments/charge";
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  private static JsonNode paid(long price) {
    return paid(price, "stripe", "pm_card_visa");
  }

  private static JsonNode paid(long price, String gateway, String token) {
    JsonNode order = new Shopper(SHOP_A).order(Db.newProduct(10, price, 10), 1);
    HttpResponse<String> charged =
        new Shopper(SHOP_A)
            .untilFinal(
                CHARGE,
                "pay-" + UUID.randomUUID(),
                Shopper.chargeBody(order, gateway, "card", token));
    assertThat(charged.statusCode()).as(charged.body()).isEqualTo(201);
    return Shopper.json(charged.body());
  }

  private static JsonNode sandbox(String path, String json) throws Exception {
    HttpResponse<String> answer =
        HTTP.send(
            HttpRequest.newBuilder(URI.create(Sandbox.URL + path))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(answer.statusCode()).as(path + ": " + answer.body()).isEqualTo(200);
    return Shopper.json(answer.body());
  }

  private static JsonNode reconcile(Instant from, Instant to) {
    return reconcile("stripe", from, to);
  }

  private static JsonNode reconcile(String gateway, Instant from, Instant to) {
    HttpResponse<String> run =
        OPERATOR.postJson(
            "/api/reconciliation/runs",
            "recon-" + UUID.randomUUID(),
            "{\"gateway\":\"%s\",\"from\":\"%s\",\"to\":\"%s\"}".formatted(gateway, from, to));
    assertThat(run.statusCode()).as(run.body()).isEqualTo(200);
    JsonNode answer = Shopper.json(run.body());
    assertThat(answer.has("failure")).as(run.body()).isFalse();
    return answer;
  }

  private static List<JsonNode> differences() {
    HttpResponse<String> queue = OPERATOR.get("/api/review");
    assertThat(queue.statusCode()).as(queue.body()).isEqualTo(200);
    List<JsonNode> found = new ArrayList<>();
    Shopper.json(queue.body()).path("differences").forEach(found::add);
    return found;
  }

  private static JsonNode differenceOf(String gatewayId) {
    return differences().stream()
        .filter(d -> gatewayId.equals(d.path("gateway_id").asText()))
        .findFirst()
        .orElse(null);
  }

  private static long returnedOnLedger(long orderId) {
    return Db.count(
        "SELECT COALESCE(sum(m.amount), 0) FROM money_movement m JOIN charge_attempt a"
            + " ON a.id = m.attempt_id WHERE a.order_id = ? AND m.movement = 'RETURNED'",
        orderId);
  }

  private static long chained(String kind, String chargeId) {
    return Db.count(
        "SELECT (SELECT count(*) FROM payment_log WHERE kind = ? AND charge_id = ?)"
            + " + (SELECT count(*) FROM payment_log_pending WHERE kind = ? AND charge_id = ?)",
        kind,
        chargeId,
        kind,
        chargeId);
  }

  @Test
  @DisplayName(
      "a dashboard charge, a changed amount and a refund never made are named once each, listed"
          + " with their way out and chained; a refund made only at Stripe lands on the ledger")
  void everyKindNamedOnce() throws Exception {
    Instant from = Instant.now().truncatedTo(ChronoUnit.SECONDS).minusSeconds(5);

    // A refund made only in Stripe's dashboard, its webhook withheld.
    JsonNode refundedThere = paid(4000);
    String refundedIntent = refundedThere.path("charge_id").asText();
    long refundedOrder = refundedThere.path("order_id").asLong();
    sandbox(
        "/_sandbox/payments/stripe/" + refundedIntent + "/refund?amount=1000&webhook=withheld", "");

    // The amount changed at Stripe.
    JsonNode altered = paid(3000);
    String alteredIntent = altered.path("charge_id").asText();
    sandbox("/_sandbox/payments/stripe/" + alteredIntent + "/alter?amount=2500", "");

    // A refund the ledger counts and Stripe never made, as a bug would write it.
    JsonNode counted = paid(2000);
    String countedIntent = counted.path("charge_id").asText();
    long countedAttempt =
        Db.count("SELECT id FROM charge_attempt WHERE gateway_charge_id = ?", countedIntent);
    Db.update(
        "INSERT INTO money_movement (order_id, attempt_id, movement, amount, currency, gateway,"
            + " reference, via, recorded_at) VALUES (?, ?, 'RETURNED', 700, 'JPY', 'stripe',"
            + " 're_never_made', 'bug', now())",
        counted.path("order_id").asLong(),
        countedAttempt);

    // A charge made only in Stripe's dashboard, for an order of ours.
    JsonNode unpaid = new Shopper(SHOP_A).order(Db.newProduct(10, 1500, 10), 1);
    String dashboardIntent =
        sandbox(
                "/_sandbox/dashboard/stripe/charges",
                "{\"order\":%d,\"amount\":1650,\"currency\":\"JPY\"}"
                    .formatted(unpaid.path("id").asLong()))
            .path("id")
            .asText();

    Instant to = Instant.now().plusSeconds(5);
    JsonNode first = reconcile(from, to);

    assertThat(first.path("differences_found").asInt())
        .as("this test's differences, and whatever other tests left in the window: " + first)
        .isGreaterThanOrEqualTo(3);
    assertThat(first.path("handed_over").asInt()).as(first.toString()).isEqualTo(1);
    JsonNode dashboard = differenceOf(dashboardIntent);
    JsonNode amount = differenceOf(alteredIntent);
    JsonNode refund = differenceOf(countedIntent);
    assertThat(dashboard).as("the dashboard charge listed").isNotNull();
    assertThat(dashboard.path("kind").asText()).isEqualTo("MONEY_NOT_ON_LEDGER");
    assertThat(dashboard.path("at_gateway").asLong()).isEqualTo(1650);
    assertThat(amount.path("kind").asText()).isEqualTo("AMOUNT_DIFFERS");
    assertThat(amount.path("at_gateway").asLong()).isEqualTo(2500);
    assertThat(amount.path("on_ledger").asLong()).isEqualTo(altered.path("amount").asLong());
    assertThat(refund.path("kind").asText()).isEqualTo("REFUND_NOT_MADE");
    assertThat(refund.path("on_ledger").asLong()).isEqualTo(700);
    assertThat(refund.path("at_gateway").asLong()).isZero();
    for (JsonNode listed : List.of(dashboard, amount, refund)) {
      assertThat(listed.path("ways").toString()).contains("resolve");
    }
    assertThat(differenceOf(refundedIntent)).as("the refund made at Stripe is ours").isNull();
    assertThat(returnedOnLedger(refundedOrder))
        .as("the refund made only at Stripe, on its order's ledger")
        .isEqualTo(1000);

    JsonNode second = reconcile(from, to);
    assertThat(second.path("differences_found").asInt()).as("named once").isZero();
    assertThat(second.path("handed_over").asInt()).as("handed over once").isZero();

    for (String intent : List.of(dashboardIntent, alteredIntent, countedIntent)) {
      assertThat(chained("BOOKS_DIFFER", intent)).as("chained once: " + intent).isOne();
    }

    HttpResponse<String> runs = OPERATOR.get("/api/reconciliation/runs");
    assertThat(runs.statusCode()).as(runs.body()).isEqualTo(200);
    assertThat(runs.body()).contains("\"id\":" + first.path("id").asLong());
    assertThat(SHOP_A.get("/api/reconciliation/runs").statusCode()).isEqualTo(403);

    JsonNode verified = PaymentLog.verify();
    assertThat(verified.path("reconciliations").toString())
        .as(verified.toString())
        .contains("\"gateway\":\"stripe\"");

    String resolve = "/api/review/differences/" + dashboard.path("id").asLong() + "/resolve";
    HttpResponse<String> resolved =
        OPERATOR.postJson(
            resolve, "resolve-" + UUID.randomUUID(), "{\"note\":\"refunded in the dashboard\"}");
    assertThat(resolved.statusCode()).as(resolved.body()).isEqualTo(200);
    assertThat(differenceOf(dashboardIntent)).as("no longer listed").isNull();
    long open = Db.count("SELECT count(*) FROM book_difference WHERE resolved_at IS NULL");
    assertThat(Metrics.counter("ichido_reconciliation_differences_open"))
        .as(
            "the gauge an alert watches: the differences open now, this test's other two among them")
        .isEqualTo((double) open)
        .isGreaterThanOrEqualTo(2);
    assertThat(chained("BOOKS_DIFFERENCE_RESOLVED", dashboardIntent)).isOne();
    assertThat(
            Db.text(
                "SELECT actor FROM (SELECT actor, kind, charge_id FROM payment_log UNION ALL"
                    + " SELECT actor, kind, charge_id FROM payment_log_pending) e"
                    + " WHERE kind = 'BOOKS_DIFFERENCE_RESOLVED' AND charge_id = ?",
                dashboardIntent))
        .isEqualTo("operator");
    HttpResponse<String> again =
        OPERATOR.postJson(resolve, "resolve-" + UUID.randomUUID(), "{\"note\":\"again\"}");
    assertThat(again.statusCode()).as(again.body()).isEqualTo(409);
    assertThat(again.body()).contains("difference-resolved-already");
  }

  @Test
  @DisplayName(
      "Omise through its charges list: a dashboard charge named once, a refund made only at Omise"
          + " on its order's ledger")
  void omise() throws Exception {
    Instant from = Instant.now().truncatedTo(ChronoUnit.SECONDS).minusSeconds(5);
    JsonNode refundedThere = paid(4000, "omise", "tokn_test_visa");
    String refundedCharge = refundedThere.path("charge_id").asText();
    sandbox(
        "/_sandbox/payments/omise/" + refundedCharge + "/refund?amount=1200&webhook=withheld", "");
    JsonNode unpaid = new Shopper(SHOP_A).order(Db.newProduct(10, 900, 10), 1);
    String dashboardCharge =
        sandbox(
                "/_sandbox/dashboard/omise/charges",
                "{\"order\":%d,\"amount\":990,\"currency\":\"JPY\"}"
                    .formatted(unpaid.path("id").asLong()))
            .path("id")
            .asText();
    Instant to = Instant.now().plusSeconds(5);

    JsonNode first = reconcile("omise", from, to);

    assertThat(first.path("differences_found").asInt())
        .as("this test's differences, and whatever other tests left in the window: " + first)
        .isGreaterThanOrEqualTo(1);
    assertThat(first.path("handed_over").asInt()).as(first.toString()).isEqualTo(1);
    assertThat(differenceOf(dashboardCharge).path("kind").asText())
        .isEqualTo("MONEY_NOT_ON_LEDGER");
    assertThat(returnedOnLedger(refundedThere.path("order_id").asLong())).isEqualTo(1200);
    assertThat(reconcile("omise", from, to).path("differences_found").asInt()).isZero();
    assertThat(chained("BOOKS_DIFFER", dashboardCharge)).isOne();
  }

  @Test
  @DisplayName(
      "a ledger row naming a charge Stripe does not have: asked for by itself, then named"
          + " NOT_AT_GATEWAY; the charge Stripe has is money on no ledger row")
  void notAtGateway() throws Exception {
    Instant from = Instant.now().truncatedTo(ChronoUnit.SECONDS).minusSeconds(5);
    JsonNode charged = paid(2600);
    String real = charged.path("charge_id").asText();
    String missing = "pi_never_" + UUID.randomUUID().toString().replace("-", "");
    // What a bug could leave: the attempt names a charge the gateway never made.
    Db.update(
        "UPDATE charge_attempt SET gateway_charge_id = ? WHERE gateway_charge_id = ?",
        missing,
        real);
    Instant to = Instant.now().plusSeconds(5);

    JsonNode run = reconcile(from, to);

    assertThat(run.path("differences_found").asInt())
        .as("this test's differences, and whatever other tests left in the window: " + run)
        .isGreaterThanOrEqualTo(2);
    assertThat(differenceOf(missing).path("kind").asText()).isEqualTo("NOT_AT_GATEWAY");
    assertThat(differenceOf(missing).path("on_ledger").asLong())
        .isEqualTo(charged.path("amount").asLong());
    assertThat(differenceOf(real).path("kind").asText()).isEqualTo("MONEY_NOT_ON_LEDGER");
    assertThat(reconcile(from, to).path("differences_found").asInt()).isZero();
  }

  @Test
  @DisplayName(
      "KOMOJU through its payments list: a dashboard payment and an amount changed at KOMOJU,"
          + " each named once")
  void komoju() throws Exception {
    Instant from = Instant.now().truncatedTo(ChronoUnit.SECONDS).minusSeconds(5);
    JsonNode order = new Shopper(SHOP_A).order(Db.newProduct(10, 2000, 10), 1);
    HttpResponse<String> voucher =
        new Shopper(SHOP_A)
            .untilFinal(
                CHARGE,
                "pay-" + UUID.randomUUID(),
                Shopper.chargeBody(order, "komoju", "konbini", ""));
    assertThat(voucher.statusCode()).as(voucher.body()).isEqualTo(201);
    String payment = Shopper.json(voucher.body()).path("charge_id").asText();
    Sandbox.complete("komoju", payment);
    io.ichido.it.support.Await.until(
        "the konbini payment on the ledger",
        () ->
            Db.count(
                    "SELECT count(*) FROM money_movement m JOIN charge_attempt a"
                        + " ON a.id = m.attempt_id WHERE a.gateway_charge_id = ?"
                        + " AND m.movement = 'CHARGED'",
                    payment)
                == 1);
    sandbox("/_sandbox/payments/komoju/" + payment + "/alter?amount=1500", "");
    JsonNode unpaid = new Shopper(SHOP_A).order(Db.newProduct(10, 700, 10), 1);
    String dashboard =
        sandbox(
                "/_sandbox/dashboard/komoju/charges",
                "{\"order\":%d,\"amount\":770}".formatted(unpaid.path("id").asLong()))
            .path("id")
            .asText();
    Instant to = Instant.now().plusSeconds(5);

    JsonNode first = reconcile("komoju", from, to);

    assertThat(first.path("differences_found").asInt())
        .as("this test's differences, and whatever other tests left in the window: " + first)
        .isGreaterThanOrEqualTo(2);
    assertThat(differenceOf(payment).path("kind").asText()).isEqualTo("AMOUNT_DIFFERS");
    assertThat(differenceOf(payment).path("at_gateway").asLong()).isEqualTo(1500);
    assertThat(differenceOf(dashboard).path("kind").asText()).isEqualTo("MONEY_NOT_ON_LEDGER");
    assertThat(reconcile("komoju", from, to).path("differences_found").asInt()).isZero();
  }
}
