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
import io.ichido.it.support.Together;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code POST /api/orders/{id}/cancel} against the real server, PostgreSQL and the gateway sandbox:
 * an unpaid order is cancelled and its stock released once whatever keys arrive; a payment waiting
 * on the customer is ended at a gateway that can end it, and money a gateway that cannot still
 * takes goes back by itself; a cancel racing the customer's payment ends either cancelled with no
 * money kept or paid, never both; a paid order and an order whose payment is in doubt are never
 * cancelled. Each case ends with the sandbox's ledger.
 */
class CancellationIT extends OnSharedDeployment {

  private static final String CHARGE = "/api/payments/charge";
  private static final Api SHOP = Api.as("shop-a");

  @Concurrent
  @Test
  @DisplayName(
      "an unpaid order: 20 concurrent cancels with one key, then 20 with a key each, all 200;"
          + " CANCELLED, its stock released once, one chained fact naming the caller and reason")
  void unpaidOrderIsCancelledOnceUnderAStorm() throws Exception {
    String sku = Db.newProduct(10, 1500, 10);
    long orderId = new Shopper(SHOP).order(sku, 3).get("id").asLong();
    assertThat(inventory(sku)).isEqualTo(List.of(10, 3, 7));
    String key = "cancel-" + UUID.randomUUID();
    String body = "{\"reason\":\"the customer changed their mind\"}";

    List<HttpResponse<String>> sameKey =
        Together.fire(20, i -> new Shopper(SHOP).untilFinal(cancel(orderId), key, body));
    List<HttpResponse<String>> newKeys =
        Together.fire(20, i -> SHOP.postJson(cancel(orderId), "cancel-" + UUID.randomUUID(), "{}"));

    for (HttpResponse<String> answer : concat(sameKey, newKeys)) {
      assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
      assertThat(Shopper.json(answer.body()).path("status").asText()).isEqualTo("CANCELLED");
    }
    assertThat(inventory(sku)).as("on hand, reserved, available").isEqualTo(List.of(10, 0, 10));
    assertThat(
            Db.count(
                "SELECT count(*) FROM stock_reservation WHERE order_id = ? AND state = 'RELEASED'",
                orderId))
        .isOne();
    assertThat(Db.factsByKind("order_id", orderId))
        .containsEntry("ORDER_STATUS_CHANGED", 1L)
        .containsEntry("STOCK_MOVED", 2L);
    List<java.util.Map<String, Object>> cancelled =
        facts(orderId, "ORDER_STATUS_CHANGED", "CANCELLED");
    assertThat(cancelled).hasSize(1);
    assertThat(cancelled.get(0).get("actor")).isEqualTo("shop-a");
    assertThat((String) cancelled.get(0).get("details"))
        .contains("the customer changed their mind")
        .contains("PENDING_PAYMENT");

    HttpResponse<String> empty =
        SHOP.post(cancel(orderId), "cancel-" + UUID.randomUUID(), null, new byte[0]);
    assertThat(empty.statusCode()).as(empty.body()).isEqualTo(200);
    HttpResponse<String> charge =
        SHOP.postJson(
            CHARGE,
            "pay-" + UUID.randomUUID(),
            Shopper.chargeBody(
                Shopper.json(SHOP.get("/api/orders/" + orderId).body()),
                "stripe",
                "card",
                Sandbox.CARD_THAT_PAYS.get("stripe")));
    assertThat(charge.statusCode()).as(charge.body()).isEqualTo(409);
    assertThat(charge.body()).contains("order-not-payable").contains("CANCELLED");
    assertThat(Sandbox.charges(orderId)).isEmpty();
  }

  @Concurrent
  @Test
  @DisplayName(
      "bad input: a reason over 200 characters is 400, another shop's order is 404, nothing"
          + " changed")
  void badInputChangesNothing() {
    String sku = Db.newProduct(10, 1500, 10);
    long orderId = new Shopper(SHOP).order(sku, 1).get("id").asLong();

    HttpResponse<String> tooLong =
        SHOP.postJson(
            cancel(orderId),
            "cancel-" + UUID.randomUUID(),
            "{\"reason\":\"" + "x".repeat(201) + "\"}");
    HttpResponse<String> notTheirs =
        Api.as("shop-b").postJson(cancel(orderId), "cancel-" + UUID.randomUUID(), "{}");

    assertThat(tooLong.statusCode()).as(tooLong.body()).isEqualTo(400);
    assertThat(tooLong.headers().firstValue("Content-Type")).contains("application/problem+json");
    assertThat(notTheirs.statusCode()).as(notTheirs.body()).isEqualTo(404);
    assertThat(notTheirs.body()).contains("order-not-found");
    assertThat(orderStatus(orderId)).isEqualTo("PENDING_PAYMENT");
    assertThat(Db.reserved(sku)).isEqualTo(1);
  }

  @Concurrent
  @Test
  @DisplayName(
      "KOMOJU konbini awaiting payment: cancelled at KOMOJU first (ledger: cancelled), then the"
          + " order; a customer paying at the till afterwards is refused by the gateway")
  void komojuKonbiniIsCancelledAtTheGateway() throws Exception {
    String sku = Db.newProduct(10, 2200, 8);
    JsonNode order = new Shopper(SHOP).order(sku, 1);
    long orderId = order.get("id").asLong();
    String paymentId = charge(order, "komoju", "konbini", "");
    assertThat(orderStatus(orderId)).isEqualTo("AWAITING_PAYMENT");

    HttpResponse<String> cancelled = cancelUntilFinal(orderId);

    assertThat(cancelled.statusCode()).as(cancelled.body()).isEqualTo(200);
    JsonNode view = Shopper.json(cancelled.body());
    assertThat(view.path("status").asText()).isEqualTo("CANCELLED");
    assertThat(view.path("payments").get(0).path("status").asText()).isEqualTo("EXPIRED");
    assertThat(Sandbox.charges(orderId))
        .singleElement()
        .satisfies(c -> assertThat(c.path("status").asText()).isEqualTo("cancelled"));
    assertThat(complete("komoju", paymentId))
        .as("KOMOJU captures no cancelled payment")
        .isNotEqualTo(200);
    assertThat(inventory(sku)).isEqualTo(List.of(10, 0, 10));
    MoneyTrail.assertNetIs(orderId, 0);
  }

  @Concurrent
  @Test
  @DisplayName(
      "Omise 3-D Secure open (Omise cancels nothing by API): the order is cancelled, the charge"
          + " left; the customer finishes it later and the money goes back by itself")
  void omiseLeftOpenIsRefundedWhenPaidLater() throws Exception {
    String sku = Db.newProduct(10, 1800, 10);
    JsonNode order = new Shopper(SHOP).order(sku, 1);
    long orderId = order.get("id").asLong();
    String chargeId = charge(order, "omise", "card", "tokn_test_3ds");

    HttpResponse<String> cancelled = cancelUntilFinal(orderId);
    assertThat(cancelled.statusCode()).as(cancelled.body()).isEqualTo(200);
    assertThat(orderStatus(orderId)).isEqualTo("CANCELLED");
    assertThat(inventory(sku)).isEqualTo(List.of(10, 0, 10));

    Sandbox.succeedLate("omise", chargeId);

    Await.until(
        "the late payment of cancelled order " + orderId + " to go back",
        Duration.ofSeconds(30),
        () -> EveryYenIT.attemptStatuses(orderId).equals(List.of("SURPLUS_REFUNDED")));
    assertThat(orderStatus(orderId)).isEqualTo("CANCELLED");
    assertThat(inventory(sku)).isEqualTo(List.of(10, 0, 10));
    MoneyTrail.assertNetIs(orderId, 0);
    assertThat(Db.factsByKind("order_id", orderId)).containsEntry("SURPLUS_REFUNDED", 1L);
  }

  @Concurrent
  @Test
  @DisplayName(
      "KOMOJU 3-D Secure open (its secure token not verified, no payment yet): the order is"
          + " cancelled at once; the customer who authenticates afterwards and comes back is charged"
          + " nothing")
  void komojuSecureTokenOpenIsCancelled() throws Exception {
    String sku = Db.newProduct(10, 1600, 10);
    JsonNode order = new Shopper(SHOP).order(sku, 1);
    long orderId = order.get("id").asLong();
    HttpResponse<String> charged =
        SHOP.postJson(
            CHARGE,
            "pay-" + UUID.randomUUID(),
            Shopper.chargeBody(order, "komoju", "card", "tok_3ds"));
    assertThat(charged.statusCode()).as(charged.body()).isEqualTo(201);
    String page = Shopper.json(charged.body()).path("authorize_uri").asText();

    HttpResponse<String> cancelled = cancelUntilFinal(orderId);
    assertThat(cancelled.statusCode()).as(cancelled.body()).isEqualTo(200);
    assertThat(orderStatus(orderId)).isEqualTo("CANCELLED");
    assertThat(inventory(sku)).isEqualTo(List.of(10, 0, 10));

    HttpResponse<String> authenticated = Sandbox.challenge(page, true);
    String back = authenticated.headers().firstValue("Location").orElseThrow();
    assertThat(Api.anonymous().get(back.substring(back.indexOf("/api/"))).statusCode())
        .isEqualTo(200);
    assertThat(Sandbox.charges(orderId)).as("no payment at KOMOJU").isEmpty();
    assertThat(orderStatus(orderId)).isEqualTo("CANCELLED");
  }

  @Concurrent
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"komoju", "omise"})
  @DisplayName(
      "a cancel racing the customer's payment and its webhook, 10 orders: each ends CANCELLED with"
          + " nothing kept, or PAID, never both; stock consistent")
  void cancelRacingThePayment(String gateway) throws Exception {
    int cancelledOrders = 0;
    int paidOrders = 0;
    Random random = new Random(29);
    List<Integer> sandboxAnswers = new ArrayList<>();
    for (int round = 0; round < 10; round++) {
      String sku = Db.newProduct(10, 1000 + round, 10);
      JsonNode order = new Shopper(SHOP).order(sku, 1);
      long orderId = order.get("id").asLong();
      long amount = order.get("amount").asLong();
      String chargeId =
          "komoju".equals(gateway)
              ? charge(order, "komoju", "konbini", "")
              : charge(order, "omise", "card", "tokn_test_3ds");

      // The cancel leaves first; the customer pays a few milliseconds later, at a different
      // point of the cancel's gateway calls each round.
      CompletableFuture<HttpResponse<String>> cancelling =
          CompletableFuture.supplyAsync(() -> cancelUntilFinal(orderId));
      Thread.sleep(random.nextInt(80));
      int paid =
          "komoju".equals(gateway)
              ? complete(gateway, chargeId)
              : Sandbox.lateStatus(gateway, chargeId);
      HttpResponse<String> cancelled = cancelling.join();
      sandboxAnswers.add(paid);

      String status = orderStatus(orderId);
      if (cancelled.statusCode() == 200) {
        assertThat(status).isEqualTo("CANCELLED");
        Await.until(
            "order " + orderId + " to keep no money",
            Duration.ofSeconds(30),
            () -> MoneyTrail.net(orderId) == 0);
        MoneyTrail.assertNetIs(orderId, 0);
        assertThat(inventory(sku)).isEqualTo(List.of(10, 0, 10));
        cancelledOrders++;
      } else {
        assertThat(cancelled.statusCode()).as(cancelled.body()).isEqualTo(409);
        assertThat(cancelled.body()).contains("order-paid-refund-instead");
        assertThat(status).isEqualTo("PAID");
        MoneyTrail.assertNetIs(orderId, amount);
        assertThat(inventory(sku)).isEqualTo(List.of(9, 0, 9));
        assertThat(EveryYenIT.attemptStatuses(orderId)).containsExactly("SUCCEEDED");
        paidOrders++;
      }
      assertThat(
              facts(orderId, "ORDER_STATUS_CHANGED", "CANCELLED").size()
                  + facts(orderId, "ORDER_STATUS_CHANGED", "PAID").size())
          .as("order %d was cancelled or paid, once", orderId)
          .isOne();
    }
    System.out.printf(
        "%s race: %d cancelled, %d paid of 10 (the sandbox answered the payment %s)%n",
        gateway, cancelledOrders, paidOrders, sandboxAnswers);
  }

  @Concurrent
  @Test
  @DisplayName(
      "a paid order: 409 order-paid-refund-instead naming the refunds endpoint, nothing changed")
  void paidOrderIsRefused() throws Exception {
    String sku = Db.newProduct(10, 3000, 10);
    JsonNode order = new Shopper(SHOP).order(sku, 1);
    long orderId = order.get("id").asLong();
    charge(order, "stripe", "card", Sandbox.CARD_THAT_PAYS.get("stripe"));
    long facts = factsBesidesMail(orderId);

    HttpResponse<String> refused =
        SHOP.postJson(cancel(orderId), "cancel-" + UUID.randomUUID(), "{}");

    assertThat(refused.statusCode()).as(refused.body()).isEqualTo(409);
    assertThat(refused.headers().firstValue("Content-Type")).contains("application/problem+json");
    assertThat(refused.body())
        .contains("https://ichido.dev/problems/order-paid-refund-instead")
        .contains("POST /api/orders/" + orderId + "/refunds");
    assertThat(orderStatus(orderId)).isEqualTo("PAID");
    assertThat(inventory(sku)).isEqualTo(List.of(9, 0, 9));
    assertThat(factsBesidesMail(orderId)).isEqualTo(facts);
    MoneyTrail.assertNetIs(orderId, order.get("amount").asLong());
  }

  /** The order's chained facts but its mail's, which the outbox chains whenever it sends. */
  private static long factsBesidesMail(long orderId) {
    return Db.factsByKind("order_id", orderId).entrySet().stream()
        .filter(kind -> !kind.getKey().startsWith("EMAIL_"))
        .mapToLong(Map.Entry::getValue)
        .sum();
  }

  @Concurrent
  @Test
  @DisplayName(
      "a card charge whose answers are lost: the cancel answers 409 payment-in-doubt with"
          + " Retry-After and changes nothing; once Stripe answers, the charge is found paid and"
          + " the cancel refused as for a paid order")
  void paymentInDoubtIsNeverCancelled() throws Exception {
    String sku = Db.newProduct(10, 2600, 10);
    JsonNode order = new Shopper(SHOP).order(sku, 1);
    long orderId = order.get("id").asLong();
    chargeWithEveryAnswerLost(order, "stripe", "card", Sandbox.CARD_THAT_PAYS.get("stripe"));
    String key = "cancel-" + UUID.randomUUID();

    HttpResponse<String> inDoubt = SHOP.postJson(cancel(orderId), key, "{}");

    assertThat(inDoubt.statusCode()).as(inDoubt.body()).isEqualTo(409);
    assertThat(inDoubt.body()).contains("payment-in-doubt").contains("Nothing was cancelled");
    assertThat(inDoubt.headers().firstValue("Retry-After")).isPresent();
    assertThat(orderStatus(orderId)).isEqualTo("PENDING_PAYMENT");
    assertThat(inventory(sku)).isEqualTo(List.of(10, 1, 9));
    assertThat(facts(orderId, "ORDER_STATUS_CHANGED", "CANCELLED")).isEmpty();

    Sandbox.clearFaults(orderId);
    HttpResponse<String> settled = new Shopper(SHOP).untilFinal(cancel(orderId), key, "{}");

    assertThat(settled.statusCode()).as(settled.body()).isEqualTo(409);
    assertThat(settled.body()).contains("order-paid-refund-instead");
    assertThat(orderStatus(orderId)).isEqualTo("PAID");
    assertThat(inventory(sku)).isEqualTo(List.of(9, 0, 9));
    MoneyTrail.assertNetIs(orderId, order.get("amount").asLong());
  }

  @Concurrent
  @Test
  @DisplayName(
      "a KOMOJU konbini charge whose answer was lost: in doubt, nothing cancelled; reconciled,"
          + " the waiting payment is cancelled at KOMOJU and the order CANCELLED")
  void konbiniInDoubtIsReconciledThenCancelled() throws Exception {
    String sku = Db.newProduct(10, 2000, 10);
    JsonNode order = new Shopper(SHOP).order(sku, 1);
    long orderId = order.get("id").asLong();
    chargeWithEveryAnswerLost(order, "komoju", "konbini", "");

    HttpResponse<String> inDoubt =
        SHOP.postJson(cancel(orderId), "cancel-" + UUID.randomUUID(), "{}");
    assertThat(inDoubt.statusCode()).as(inDoubt.body()).isEqualTo(409);
    assertThat(inDoubt.body()).contains("payment-in-doubt");
    assertThat(orderStatus(orderId)).isEqualTo("PENDING_PAYMENT");
    assertThat(Db.reserved(sku)).isEqualTo(1);

    Sandbox.clearFaults(orderId);
    HttpResponse<String> cancelled = cancelUntilFinal(orderId);

    assertThat(cancelled.statusCode()).as(cancelled.body()).isEqualTo(200);
    assertThat(orderStatus(orderId)).isEqualTo("CANCELLED");
    assertThat(Sandbox.charges(orderId))
        .singleElement()
        .satisfies(c -> assertThat(c.path("status").asText()).isEqualTo("cancelled"));
    assertThat(inventory(sku)).isEqualTo(List.of(10, 0, 10));
    MoneyTrail.assertNetIs(orderId, 0);
  }

  /** The gateway makes the charge and every answer of it is lost until the faults are cleared. */
  private static void chargeWithEveryAnswerLost(
      JsonNode order, String gateway, String method, String token) {
    Sandbox.fault(gateway, order.get("id").asLong(), "drop", 1000, 0);
    HttpResponse<String> lost =
        SHOP.postJson(
            CHARGE, "pay-" + UUID.randomUUID(), Shopper.chargeBody(order, gateway, method, token));
    assertThat(lost.statusCode()).as(lost.body()).isEqualTo(503);
  }

  private static String cancel(long orderId) {
    return "/api/orders/" + orderId + "/cancel";
  }

  private static HttpResponse<String> cancelUntilFinal(long orderId) {
    return new Shopper(SHOP).untilFinal(cancel(orderId), "cancel-" + UUID.randomUUID(), "{}");
  }

  /** Charges the order and answers the gateway's charge id. */
  private static String charge(JsonNode order, String gateway, String method, String token) {
    HttpResponse<String> charged =
        SHOP.postJson(
            CHARGE, "pay-" + UUID.randomUUID(), Shopper.chargeBody(order, gateway, method, token));
    assertThat(charged.statusCode()).as(charged.body()).isEqualTo(201);
    return Shopper.json(charged.body()).path("charge_id").asText();
  }

  /**
   * The customer pays at the till: the status the sandbox answers (KOMOJU refuses a cancelled one).
   */
  private static int complete(String gateway, String chargeId) {
    return Api.send(
            HttpRequest.newBuilder(
                    URI.create(
                        Sandbox.URL
                            + "/_sandbox/payments/"
                            + gateway
                            + "/"
                            + chargeId
                            + "/complete"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{}"))
                .build())
        .statusCode();
  }

  private static String orderStatus(long orderId) {
    return EveryYenIT.orderStatus(orderId);
  }

  /** On hand, reserved and available, as the inventory API tells them. */
  private static List<Integer> inventory(String sku) {
    JsonNode stock = Shopper.json(SHOP.get("/api/inventory/" + sku).body());
    return List.of(
        stock.path("onHand").asInt(),
        stock.path("reserved").asInt(),
        stock.path("available").asInt());
  }

  private static List<java.util.Map<String, Object>> facts(
      long orderId, String kind, String status) {
    return Db.rows(
        "SELECT actor, details FROM (SELECT order_id, kind, status, actor, details FROM payment_log"
            + " UNION ALL SELECT order_id, kind, status, actor, details FROM payment_log_pending) f"
            + " WHERE order_id = ? AND kind = ? AND status = ?",
        orderId,
        kind,
        status);
  }

  private static List<HttpResponse<String>> concat(
      List<HttpResponse<String>> first, List<HttpResponse<String>> second) {
    List<HttpResponse<String>> all = new ArrayList<>(first);
    all.addAll(second);
    return all;
  }
}
