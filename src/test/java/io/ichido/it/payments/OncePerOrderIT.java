package io.ichido.it.payments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.it.support.Api;
import io.ichido.it.support.Await;
import io.ichido.it.support.Concurrent;
import io.ichido.it.support.Db;
import io.ichido.it.support.OnSharedDeployment;
import io.ichido.it.support.Sandbox;
import io.ichido.it.support.Shopper;
import io.ichido.it.support.TimePasses;
import io.ichido.it.support.Together;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Section 2 of the contract, the customer's promise: one order is charged at most once, whatever
 * keys its charge requests carry. Attempts whose answer was lost are reconciled with the gateway
 * (by the next request, or by the reconciler with no request at all), never guessed.
 */
class OncePerOrderIT extends OnSharedDeployment {

  private static final String CHARGE = "/api/payments/charge";
  private static final Api SHOP_A = Api.as("shop-a");
  private static final Api SHOP_B = Api.as("shop-b");

  static Stream<String> gateways() {
    return Stream.of("stripe", "omise", "komoju", "2c2p");
  }

  @Concurrent
  @ParameterizedTest
  @MethodSource("gateways")
  @DisplayName("answers lost, then the customer pays again with a new key: one charge, order paid")
  void newKeyAfterLostAnswers(String gateway) throws Exception {
    String sku = Db.newProduct(10, 1980, 10);
    JsonNode order = new Shopper(SHOP_A).order(sku, 1);
    long orderId = order.get("id").asLong();
    String body = Shopper.chargeBody(order, gateway, "card", Sandbox.CARD_THAT_PAYS.get(gateway));
    // The charge is made; every answer to it, and to asking again, is lost for a while.
    Sandbox.fault(gateway, orderId, "drop", 8, 0);

    HttpResponse<String> first = SHOP_A.postJson(CHARGE, "pay-" + UUID.randomUUID(), body);
    assertThat(first.statusCode()).as(first.body()).isEqualTo(503);
    assertThat(first.body()).contains("gateway-unavailable");

    HttpResponse<String> last = first;
    List<String> seen = new ArrayList<>();
    for (int press = 0; press < 10; press++) {
      // Pay pressed again: a new tab, a new key.
      last = SHOP_A.postJson(CHARGE, "pay-" + UUID.randomUUID(), body);
      seen.add(last.statusCode() + " " + problemType(last));
      if (!last.body().contains("payment-in-doubt")) {
        break;
      }
      assertThat(last.headers().firstValue("Retry-After")).isPresent();
      Thread.sleep(500);
    }

    // Either the first charge was made, and the new key learns the order is paid; or (2C2P, whose
    // first call only asks for a payment token) it was proven never made, and the new key pays.
    assertThat(last.statusCode()).as("%s then %s", seen, last.body()).isIn(201, 409);
    JsonNode paid = Shopper.json(last.body());
    if (last.statusCode() == 409) {
      assertThat(paid.path("type").asText()).endsWith("/order-already-paid");
    } else {
      assertThat(gateway).isEqualTo("2c2p");
      assertThat(paid.path("status").asText()).isEqualTo("succeeded");
    }
    assertThat(paid.path("charge_id").asText()).isNotBlank();
    assertThat(paid.path("gateway").asText()).isEqualTo(gateway);
    assertThat(successfulCharges(orderId)).as("the gateway's ledger").hasSize(1);
    assertThat(status(orderId)).isEqualTo("PAID");
    assertThat(Db.reserved(sku)).isZero();
    assertThat(Db.onHand(sku)).isEqualTo(9);
  }

  @Concurrent
  @Test
  @DisplayName("gateway down at the second request: 409 payment-in-doubt, no charge; back: paid")
  void reconcilerSettlesWithoutTheClient() throws Exception {
    String sku = Db.newProduct(10, 2200, 10);
    JsonNode order = new Shopper(SHOP_A).order(sku, 1);
    long orderId = order.get("id").asLong();
    String body = Shopper.chargeBody(order, "stripe", "card", "pm_card_visa");
    Sandbox.fault("stripe", orderId, "drop", 4, 0);
    Sandbox.fault("stripe", orderId, "reset", 40, 0);

    HttpResponse<String> first = SHOP_A.postJson(CHARGE, "pay-" + UUID.randomUUID(), body);
    HttpResponse<String> second = SHOP_A.postJson(CHARGE, "pay-" + UUID.randomUUID(), body);

    assertThat(first.statusCode()).as(first.body()).isEqualTo(503);
    assertThat(second.statusCode()).as(second.body()).isEqualTo(409);
    assertThat(second.body()).contains("https://ichido.dev/problems/payment-in-doubt");
    assertThat(second.headers().firstValue("Retry-After")).isPresent();
    assertThat(successfulCharges(orderId)).as("only the first request's charge").hasSize(1);
    assertThat(status(orderId)).isEqualTo("PENDING_PAYMENT");

    Sandbox.clearFaults(orderId);
    Await.until(
        "the reconciler to settle order " + orderId + " as PAID",
        Duration.ofSeconds(60),
        () -> "PAID".equals(status(orderId)));
    assertThat(successfulCharges(orderId)).hasSize(1);
    assertThat(Db.onHand(sku)).isEqualTo(9);
    assertThat(Db.reserved(sku)).isZero();
    HttpResponse<String> third = SHOP_A.postJson(CHARGE, "pay-" + UUID.randomUUID(), body);
    assertThat(third.statusCode()).isEqualTo(409);
    assertThat(third.body()).contains("order-already-paid");
  }

  @Concurrent
  @Test
  @DisplayName("six tabs press Pay at once, each with its own key: one charge")
  void concurrentKeysOneCharge() throws Exception {
    JsonNode order = new Shopper(SHOP_A).order(Db.newProduct(10, 640, 8), 1);
    long orderId = order.get("id").asLong();
    String body = Shopper.chargeBody(order, "stripe", "card", "pm_card_visa");
    Sandbox.fault("stripe", orderId, "delay", 1, 1500);

    List<HttpResponse<String>> answers =
        Together.fire(6, i -> SHOP_A.postJson(CHARGE, "tab-" + i + "-" + UUID.randomUUID(), body));

    List<String> problems = answers.stream().map(OncePerOrderIT::problemType).toList();
    assertThat(answers.stream().filter(a -> a.statusCode() == 201)).as("%s", problems).hasSize(1);
    assertThat(answers).allMatch(a -> a.statusCode() == 201 || a.statusCode() == 409);
    assertThat(problems)
        .allMatch(
            p -> p.isEmpty() || p.equals("payment-in-doubt") || p.equals("order-already-paid"));
    assertThat(successfulCharges(orderId)).hasSize(1);
    assertThat(status(orderId)).isEqualTo("PAID");
  }

  static Stream<Arguments> asynchronousCharges() {
    return Stream.of(
        Arguments.of("stripe", "konbini"),
        Arguments.of("komoju", "konbini"),
        Arguments.of("komoju", "rakutenpay"));
  }

  @Concurrent
  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("asynchronousCharges")
  @DisplayName("the answer was lost; the gateway's webhook names our reference and settles it")
  void webhookSettlesAttemptWithoutChargeId(String gateway, String method) throws Exception {
    String sku = Db.newProduct(10, 3000, 10);
    JsonNode order = new Shopper(SHOP_A).order(sku, 1);
    long orderId = order.get("id").asLong();
    // Nothing but the webhook can tell us: every answer stays lost.
    Sandbox.fault(gateway, orderId, "drop", 100, 0);
    HttpResponse<String> lost =
        SHOP_A.postJson(
            CHARGE, "pay-" + UUID.randomUUID(), Shopper.chargeBody(order, gateway, method, ""));
    assertThat(lost.statusCode()).as(lost.body()).isEqualTo(503);
    List<JsonNode> made = Sandbox.charges(orderId);
    assertThat(made).hasSize(1);

    JsonNode delivery = Sandbox.complete(gateway, made.get(0).path("id").asText()).path("webhook");

    assertThat(delivery.path("status").asInt()).as(delivery.toString()).isEqualTo(200);
    assertThat(status(orderId)).isEqualTo("PAID");
    assertThat(Db.onHand(sku)).isEqualTo(9);
    assertThat(
            Db.count(
                "SELECT count(*) FROM charge_attempt WHERE order_id = ? AND status = 'SUCCEEDED'"
                    + " AND gateway_charge_id = ?",
                orderId,
                made.get(0).path("id").asText()))
        .isEqualTo(1);
  }

  @Concurrent
  @Test
  @DisplayName("an order left unpaid past the payment window lapses and gives its stock back")
  void unpaidOrderLapses() throws Exception {
    String sku = Db.newProduct(10, 900, 10);
    JsonNode order = new Shopper(SHOP_A).order(sku, 2);
    long orderId = order.get("id").asLong();
    HttpResponse<String> declined =
        SHOP_A.postJson(
            CHARGE,
            "pay-" + UUID.randomUUID(),
            Shopper.chargeBody(order, "stripe", "card", "pm_card_chargeDeclined"));
    assertThat(declined.statusCode()).isEqualTo(402);
    assertThat(Db.reserved(sku)).isEqualTo(2);

    TimePasses.paymentWindowCloses(orderId);
    Await.until(
        "order " + orderId + " to lapse to EXPIRED",
        Duration.ofSeconds(60),
        () -> "EXPIRED".equals(status(orderId)));

    assertThat(Db.reserved(sku)).isZero();
    assertThat(Db.onHand(sku)).isEqualTo(10);
    HttpResponse<String> late =
        SHOP_A.postJson(
            CHARGE,
            "pay-" + UUID.randomUUID(),
            Shopper.chargeBody(order, "stripe", "card", "pm_card_visa"));
    assertThat(late.statusCode()).isEqualTo(409);
    assertThat(late.body()).contains("order-not-payable");
    assertThat(successfulCharges(orderId)).isEmpty();
  }

  static Stream<String> refundingGateways() {
    // The sandbox imitates only whole 2C2P refunds (WebhooksIT.twoC2pRefundNotification).
    return Stream.of("stripe", "omise", "komoju");
  }

  @Concurrent
  @ParameterizedTest
  @MethodSource("refundingGateways")
  @DisplayName("a partial refund leaves the order PARTIALLY_REFUNDED; the rest makes it REFUNDED")
  void partialThenFullRefund(String gateway) throws Exception {
    JsonNode order = new Shopper(SHOP_A).order(Db.newProduct(10, 5000, 10), 1);
    long orderId = order.get("id").asLong();
    long amount = order.get("amount").asLong();
    HttpResponse<String> paid =
        SHOP_A.postJson(
            CHARGE,
            "pay-" + UUID.randomUUID(),
            Shopper.chargeBody(order, gateway, "card", Sandbox.CARD_THAT_PAYS.get(gateway)));
    assertThat(paid.statusCode()).as(paid.body()).isEqualTo(201);
    String chargeId = Shopper.json(paid.body()).path("charge_id").asText();

    Sandbox.refund(gateway, chargeId, 1000);
    JsonNode partly = Shopper.json(SHOP_A.get("/api/orders/" + orderId).body());
    assertThat(partly.path("status").asText()).isEqualTo("PARTIALLY_REFUNDED");
    assertThat(partly.path("refunded").asLong()).isEqualTo(1000);

    Sandbox.refund(gateway, chargeId, amount - 1000);
    JsonNode all = Shopper.json(SHOP_A.get("/api/orders/" + orderId).body());
    assertThat(all.path("status").asText()).isEqualTo("REFUNDED");
    assertThat(all.path("refunded").asLong()).isEqualTo(amount);
  }

  static Stream<Arguments> gatewaysAndAlterations() {
    return Stream.of("stripe", "omise", "komoju", "2c2p")
        .flatMap(
            gateway ->
                Stream.of(
                    Arguments.of(gateway, "alter_amount"),
                    Arguments.of(gateway, "alter_currency")));
  }

  @Concurrent
  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("gatewaysAndAlterations")
  @DisplayName(
      "the gateway answers another amount or currency: not paid, stock kept, no success fact, the"
          + " attempt and the order for review")
  void otherAmountIsNeverPaid(String gateway, String alteration) {
    // The charge answer (2C2P: the inquiry that reads it back) and the read-back that checks it
    // both say what the gateway did not do.
    Charged charged = chargeWithFault(gateway, alteration, 2);

    assertThat(charged.answer().statusCode()).as(charged.answer().body()).isEqualTo(502);
    assertThat(charged.answer().body()).contains("gateway-rejected");
    assertNeverPaid(charged.orderId(), charged.sku());
    reconciliationNamesTheLie(gateway, charged.orderId(), alteration);
  }

  /**
   * The gateway said it twice, so the order's ledger holds what it said, before a person: only the
   * gateway's own records show what it took. The reconciliation with them names the difference.
   */
  private static void reconciliationNamesTheLie(String gateway, long orderId, String alteration) {
    java.time.Instant now = java.time.Instant.now();
    HttpResponse<String> run =
        Api.as("operator")
            .postJson(
                "/api/reconciliation/runs",
                "recon-" + UUID.randomUUID(),
                "{\"gateway\":\"%s\",\"from\":\"%s\",\"to\":\"%s\"}"
                    .formatted(gateway, now.minusSeconds(300), now.plusSeconds(1)));
    assertThat(run.statusCode()).as(run.body()).isEqualTo(200);
    assertThat(Shopper.json(run.body()).has("failure")).as(run.body()).isFalse();
    assertThat(
            Db.text(
                "SELECT string_agg(kind, ',') FROM book_difference WHERE order_id = ?", orderId))
        .as("what the reconciliation named of order " + orderId)
        .isEqualTo(alteration.equals("alter_amount") ? "AMOUNT_DIFFERS" : "CURRENCY_DIFFERS");
  }

  /** A card charge of a new order of its own, whose next {@code times} requests take the fault. */
  private static Charged chargeWithFault(String gateway, String fault, int times) {
    String sku = Db.newProduct(10, 1500, 10);
    JsonNode order = new Shopper(SHOP_A).order(sku, 1);
    long orderId = order.get("id").asLong();
    Sandbox.fault(gateway, orderId, fault, times, 0);
    HttpResponse<String> answer =
        SHOP_A.postJson(
            CHARGE,
            "pay-" + UUID.randomUUID(),
            Shopper.chargeBody(order, gateway, "card", Sandbox.CARD_THAT_PAYS.get(gateway)));
    return new Charged(sku, orderId, answer);
  }

  private record Charged(String sku, long orderId, HttpResponse<String> answer) {}

  @Concurrent
  @Test
  @DisplayName(
      "a client retrying while its gateway is down waits for the backoff: one resend, not four"
          + " calls and one more fact per retry")
  void retriesDuringAnOutageKeepTheBackoff() {
    String sku = Db.newProduct(10, 1200, 10);
    JsonNode order = new Shopper(SHOP_A).order(sku, 1);
    long orderId = order.get("id").asLong();
    String key = "pay-" + UUID.randomUUID();
    String body = Shopper.chargeBody(order, "stripe", "card", "pm_card_visa");
    // Stripe is down for this order: every call answers 503, up to 100 of them.
    Sandbox.fault("stripe", orderId, "http503", 100, 0);

    HttpResponse<String> first = SHOP_A.postJson(CHARGE, key, body);
    List<HttpResponse<String>> retries = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      retries.add(SHOP_A.postJson(CHARGE, key, body));
    }
    long calls = 100 - Sandbox.faultsLeft(orderId);
    long facts =
        Db.count(
            "SELECT count(*) FROM payment_log WHERE order_id = ? AND kind = 'GATEWAY_ANSWERED'",
            orderId);
    Sandbox.clearFaults(orderId);

    assertThat(first.statusCode()).as(first.body()).isEqualTo(503);
    // The first retry sends again (four calls at the most); the others, within the backoff, are
    // told to come back, with no call.
    assertThat(retries.subList(1, retries.size()))
        .allSatisfy(
            r -> {
              assertThat(r.statusCode()).as(r.body()).isEqualTo(409);
              assertThat(r.body()).contains("payment-in-doubt");
              assertThat(r.headers().firstValue("Retry-After")).isPresent();
            });
    assertThat(calls).as("calls to Stripe").isLessThanOrEqualTo(8);
    assertThat(facts).as("GATEWAY_ANSWERED facts").isLessThanOrEqualTo(2);
    // Stripe back: the same key is answered, with one charge.
    HttpResponse<String> paid = new Shopper(SHOP_A).untilFinal(CHARGE, key, body);
    assertThat(paid.statusCode()).as(paid.body()).isEqualTo(201);
    assertThat(successfulCharges(orderId)).hasSize(1);
  }

  @Concurrent
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"stripe", "omise", "komoju"})
  @DisplayName(
      "the gateway answers a status it never documented: no answer, not a decline; a new key"
          + " charges no second time, and the order is paid by the one charge")
  void unheardStatusIsNoAnswer(String gateway) {
    String sku = Db.newProduct(10, 1500, 10);
    JsonNode order = new Shopper(SHOP_A).order(sku, 1);
    long orderId = order.get("id").asLong();
    // The gateway charges, and its answer says "unheard_of" where its status belongs.
    Sandbox.fault(gateway, orderId, "alter_status", 1, 0);
    String body = Shopper.chargeBody(order, gateway, "card", Sandbox.CARD_THAT_PAYS.get(gateway));

    HttpResponse<String> first = SHOP_A.postJson(CHARGE, "pay-" + UUID.randomUUID(), body);
    // A client that takes its answer as final and pays again under a new key, as careless ones do.
    HttpResponse<String> again =
        new Shopper(SHOP_A).untilFinal(CHARGE, "pay-" + UUID.randomUUID(), body);

    assertThat(first.statusCode()).as(first.body()).isEqualTo(503);
    assertThat(first.body()).contains("unheard_of").doesNotContain("declined");
    assertThat(again.statusCode()).as(again.body()).isIn(201, 409);
    assertThat(successfulCharges(orderId)).hasSize(1);
    assertThat(status(orderId)).isEqualTo("PAID");
    assertThat(
            Db.count(
                "SELECT count(*) FROM charge_attempt WHERE order_id = ? AND status = 'DECLINED'",
                orderId))
        .isZero();
  }

  @Concurrent
  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("gatewaysAndAlterations")
  @DisplayName(
      "only the answer names another amount or currency: read back before it is believed, the"
          + " order is paid by what the gateway holds, once")
  void garbledAnswerIsReadBack(String gateway, String alteration) {
    // The gateway charges the order's amount; only its answer (2C2P: the first inquiry) says
    // otherwise.
    Charged charged = chargeWithFault(gateway, alteration, 1);

    assertThat(charged.answer().statusCode()).as(charged.answer().body()).isEqualTo(201);
    assertThat(status(charged.orderId())).isEqualTo("PAID");
    assertThat(successfulCharges(charged.orderId())).hasSize(1);
    assertThat(Db.onHand(charged.sku())).isEqualTo(9);
  }

  @Concurrent
  @Test
  @DisplayName(
      "the 3-D Secure return reads back another amount (2C2P inquiry): not paid, the order for"
          + " review")
  void otherAmountOnTheThreeDSecureReturnIsNeverPaid() {
    String sku = Db.newProduct(10, 1500, 10);
    JsonNode order = new Shopper(SHOP_A).order(sku, 1);
    long orderId = order.get("id").asLong();
    HttpResponse<String> answer =
        SHOP_A.postJson(
            CHARGE, "pay-" + UUID.randomUUID(), Shopper.chargeBody(order, "2c2p", "card", "3ds"));
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(201);
    String page = Shopper.json(answer.body()).path("authorize_uri").asText();
    String authenticated =
        Api.send(
                HttpRequest.newBuilder(URI.create(page))
                    .POST(HttpRequest.BodyPublishers.noBody())
                    .build())
            .body();
    java.util.regex.Matcher form =
        java.util.regex.Pattern.compile("<form id=\"back\"[^>]* action=\"([^\"]+)\"")
            .matcher(authenticated);
    assertThat(form.find()).as(authenticated).isTrue();
    String returnUrl = form.group(1).replace("&amp;", "&");
    Sandbox.fault("2c2p", orderId, "alter_amount", 1, 0);

    HttpResponse<String> back =
        Api.anonymous().get(returnUrl.substring(returnUrl.indexOf("/api/")));

    assertThat(back.statusCode()).as(back.body()).isEqualTo(200);
    assertThat(back.body()).contains("\"status\":\"needs_review\"");
    assertNeverPaid(orderId, sku);
    // The ledger holds what the inquiry said; only the gateway's own records show what it took.
    reconciliationNamesTheLie("2c2p", orderId, "alter_amount");
  }

  private static void assertNeverPaid(long orderId, String sku) {
    assertThat(status(orderId)).isEqualTo("NEEDS_REVIEW");
    assertThat(Db.reserved(sku)).as("reserved").isEqualTo(1);
    assertThat(Db.onHand(sku)).as("on hand").isEqualTo(10);
    assertThat(
            Db.count(
                "SELECT count(*) FROM charge_attempt WHERE order_id = ? AND status = 'NEEDS_REVIEW'",
                orderId))
        .isEqualTo(1);
    Db.chained(orderId);
    assertThat(
            Db.count(
                "SELECT count(*) FROM payment_log WHERE order_id = ? AND ((kind ="
                    + " 'ORDER_STATUS_CHANGED' AND status = 'PAID') OR kind = 'RECEIPT_ISSUED'"
                    + " OR (kind = 'STOCK_MOVED' AND status = 'SOLD'))",
                orderId))
        .as("success facts")
        .isZero();
  }

  @Concurrent
  @Test
  @DisplayName("the gateway gets a key derived from the caller's: stable per key, never shared")
  void derivedGatewayKey() {
    String clientKey = "same-key-" + UUID.randomUUID();
    JsonNode a = new Shopper(SHOP_A).order(Db.newProduct(10, 100, 10), 1);
    JsonNode b = new Shopper(SHOP_B).order(Db.newProduct(10, 100, 10), 1);

    assertThat(
            SHOP_A
                .postJson(CHARGE, clientKey, Shopper.chargeBody(a, "komoju", "card", "tok_visa"))
                .statusCode())
        .isEqualTo(201);
    assertThat(
            SHOP_B
                .postJson(CHARGE, clientKey, Shopper.chargeBody(b, "komoju", "card", "tok_visa"))
                .statusCode())
        .isEqualTo(201);

    String keyOfA = Sandbox.charges(a.get("id").asLong()).get(0).path("idempotencyKey").asText();
    String keyOfB = Sandbox.charges(b.get("id").asLong()).get(0).path("idempotencyKey").asText();
    assertThat(keyOfA).startsWith("ik_").isNotEqualTo(clientKey).hasSizeLessThanOrEqualTo(100);
    assertThat(keyOfB).startsWith("ik_").isNotEqualTo(keyOfA);
    assertThat(
            Db.count(
                "SELECT count(*) FROM charge_attempt WHERE order_id = ? AND gateway_key = ?",
                a.get("id").asLong(),
                keyOfA))
        .isEqualTo(1);
  }

  private static List<JsonNode> successfulCharges(long orderId) {
    return Sandbox.charges(orderId).stream()
        .filter(c -> !"failed".equals(c.path("status").asText()))
        .toList();
  }

  static String status(long orderId) {
    return Shopper.json(SHOP_A.get("/api/orders/" + orderId).body()).path("status").asText();
  }

  private static String problemType(HttpResponse<String> answer) {
    String type = Shopper.json(answer.body()).path("type").asText("");
    return type.substring(type.lastIndexOf('/') + 1);
  }
}
