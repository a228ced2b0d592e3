package io.ichido.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.payments.gateway.twoc2p.TwoC2pJose;
import io.ichido.payments.gateway.twoc2p.TwoC2pXml;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Faults, chaos, webhook delivery and PayPay's details lag scoped to an order: what lets tests
 * share one sandbox. Each gateway's requests, as Ichido sends them, are about the order they name
 * or whose payment they name; a scoped setting reaches them and never another order's requests.
 */
class SandboxOrderScopeTest extends SandboxPayPaySupport {

  /** The order under test and the order beside it, which must never notice. */
  private static final String MINE = "9101";

  private static final String OTHER = "9102";

  /** What each step answered: my order's request once its fault was used up, the other's. */
  private record Answers(HttpResponse<String> mine, HttpResponse<String> other) {}

  /**
   * One kind of request for both orders: a fault for my order, queued first, lets the other order's
   * request through and waits, takes my request (503), and is used up by it, so my request sent
   * again goes through.
   */
  private Answers step(
      String gateway,
      String what,
      Callable<HttpResponse<String>> mine,
      Callable<HttpResponse<String>> other)
      throws Exception {
    orderFault(gateway, MINE, "http503", 1);

    HttpResponse<String> theirs = other.call();
    assertThat(theirs.statusCode())
        .as("%s of the other order: %s", what, theirs.body())
        .isNotEqualTo(503);
    assertThat(queued()).as("%s: the fault still waits for my order", what).hasSize(1);
    HttpResponse<String> hit = mine.call();
    assertThat(hit.statusCode()).as("%s of my order: %s", what, hit.body()).isEqualTo(503);
    assertThat(queued()).as("%s: used up", what).isEmpty();
    HttpResponse<String> again = mine.call();
    assertThat(again.statusCode())
        .as("%s of my order again: %s", what, again.body())
        .isNotEqualTo(503);
    return new Answers(again, theirs);
  }

  @Test
  @DisplayName(
      "Stripe: an order's fault hits its create, read, search, refund, a later reference's create"
          + " and its cancel, never the other order's")
  void stripeRequestsAreAboutTheirOrder() throws Exception {
    Answers created =
        step(
            "stripe",
            "create",
            () -> send(stripe("os-s1", stripeIchido(MINE, "ORDER-" + MINE, "pm_card_visa"))),
            () -> send(stripe("os-s2", stripeIchido(OTHER, "ORDER-" + OTHER, "pm_card_visa"))));
    String mine = id(created.mine());
    String other = id(created.other());
    assertThat(created.mine().statusCode()).isEqualTo(200);

    step("stripe", "retrieve", () -> send(stripeGet(mine)), () -> send(stripeGet(other)));
    Answers searched =
        step(
            "stripe",
            "search",
            () -> send(stripeSearch("metadata['reference']:'ORDER-" + MINE + "'")),
            () -> send(stripeSearch("metadata['reference']:'ORDER-" + OTHER + "'")));
    assertThat(json(searched.mine()).at("/data/0/id").asText()).isEqualTo(mine);
    step(
        "stripe",
        "refund",
        () -> send(stripeRefund("os-sr1", mine)),
        () -> send(stripeRefund("os-sr2", other)));
    assertThat(ledger("stripe", MINE).get(0).get("status").asText()).isEqualTo("refunded");
    assertThat(ledger("stripe", OTHER).get(0).get("status").asText()).isEqualTo("refunded");

    // A second attempt of the order carries ORDER-<id>-2: still the order's.
    Answers konbini =
        step(
            "stripe",
            "create of ORDER-<id>-2",
            () -> send(stripe("os-s3", stripeIchidoKonbini(MINE, "ORDER-" + MINE + "-2"))),
            () -> send(stripe("os-s4", stripeIchidoKonbini(OTHER, "ORDER-" + OTHER + "-2"))));
    step(
        "stripe",
        "cancel",
        () -> send(stripeCancel("os-sc1", id(konbini.mine()))),
        () -> send(stripeCancel("os-sc2", id(konbini.other()))));
    assertThat(json(send(stripeGet(id(konbini.mine())))).get("status").asText())
        .isEqualTo("canceled");
  }

  @Test
  @DisplayName("Omise: an order's fault hits its create, read, search and refund only")
  void omiseRequestsAreAboutTheirOrder() throws Exception {
    Answers created =
        step(
            "omise",
            "create",
            () -> send(omise("os-o1", omiseIchido(MINE))),
            () -> send(omise("os-o2", omiseIchido(OTHER))));
    String mine = id(created.mine());
    String other = id(created.other());

    step("omise", "retrieve", () -> send(omiseGet(mine)), () -> send(omiseGet(other)));
    Answers searched =
        step(
            "omise",
            "search",
            () -> send(omiseSearch("scope=charge&query=ORDER-" + MINE)),
            () -> send(omiseSearch("scope=charge&query=ORDER-" + OTHER)));
    assertThat(json(searched.mine()).at("/data/0/id").asText()).isEqualTo(mine);
    step(
        "omise",
        "refund",
        () -> send(omiseRefund(mine, "amount=1000")),
        () -> send(omiseRefund(other, "amount=1000")));
    assertThat(ledger("omise", MINE).get(0).get("amountRefunded").asLong()).isEqualTo(1000);
  }

  @Test
  @DisplayName(
      "KOMOJU: an order's fault hits its create, read, refund, a later reference's create and its"
          + " cancel only")
  void komojuRequestsAreAboutTheirOrder() throws Exception {
    Answers created =
        step(
            "komoju",
            "create",
            () -> send(komoju("os-k1", komojuBody(MINE, "\"tok_visa\""))),
            () -> send(komoju("os-k2", komojuBody(OTHER, "\"tok_visa\""))));
    String mine = id(created.mine());
    String other = id(created.other());

    step("komoju", "retrieve", () -> send(komojuGet(mine)), () -> send(komojuGet(other)));
    step(
        "komoju",
        "refund",
        () -> send(komojuPost(mine, "/refund", "os-kr1", "{\"amount\":1000}")),
        () -> send(komojuPost(other, "/refund", "os-kr2", "{\"amount\":1000}")));
    assertThat(ledger("komoju", MINE).get(0).get("amountRefunded").asLong()).isEqualTo(1000);
    Answers konbini =
        step(
            "komoju",
            "create of ORDER-<id>-2",
            () -> send(komoju("os-k3", komojuBody(MINE + "-2", KONBINI))),
            () -> send(komoju("os-k4", komojuBody(OTHER + "-2", KONBINI))));
    step(
        "komoju",
        "cancel",
        () -> send(komojuPost(id(konbini.mine()), "/cancel", "os-kc1", "")),
        () -> send(komojuPost(id(konbini.other()), "/cancel", "os-kc2", "")));
    assertThat(json(send(komojuGet(id(konbini.mine())))).get("status").asText())
        .isEqualTo("cancelled");
  }

  @Test
  @DisplayName(
      "2C2P: an order's fault hits its Payment Token, Do Payment, inquiry and Payment Maintenance"
          + " refund, and a later invoice's token, never the other order's")
  void twoC2pRequestsAreAboutTheirOrder() throws Exception {
    Answers tokens =
        step(
            "2c2p",
            "payment token",
            () -> send(twoC2p("/paymentToken", tokenClaims("ORDER-" + MINE), MERCHANT_SECRET)),
            () -> send(twoC2p("/paymentToken", tokenClaims("ORDER-" + OTHER), MERCHANT_SECRET)));
    String mine = verified(tokens.mine()).getClaim("paymentToken").asString();
    String other = verified(tokens.other()).getClaim("paymentToken").asString();

    step(
        "2c2p",
        "do payment",
        () -> send(doPayment(mine, "4111-card-token")),
        () -> send(doPayment(other, "4111-card-token")));
    Answers inquired =
        step(
            "2c2p",
            "inquiry",
            () -> send(inquiryRequest("ORDER-" + MINE)),
            () -> send(inquiryRequest("ORDER-" + OTHER)));
    assertThat(verified(inquired.mine()).getClaim("respCode").asString()).isEqualTo("0000");
    Answers refunded =
        step(
            "2c2p",
            "maintenance refund",
            () -> send(maintenance("ORDER-" + MINE, "1000.00")),
            () -> send(maintenance("ORDER-" + OTHER, "1000.00")));
    assertThat(opened(refunded.mine()).field("respCode")).isEqualTo("00");
    assertThat(ledger("2c2p", MINE).get(0).get("amountRefunded").asLong()).isEqualTo(1000);
    step(
        "2c2p",
        "payment token of ORDER-<id>-2",
        () -> send(twoC2p("/paymentToken", tokenClaims("ORDER-" + MINE + "-2"), MERCHANT_SECRET)),
        () -> send(twoC2p("/paymentToken", tokenClaims("ORDER-" + OTHER + "-2"), MERCHANT_SECRET)));
  }

  @Test
  @DisplayName(
      "PayPay: an order's fault hits its create (by orderDescription), details, refund, refund"
          + " lookup and cancel only")
  void payPayRequestsAreAboutTheirOrder() throws Exception {
    step(
        "paypay",
        "create",
        () -> send(paypay("POST", "/v2/codes", payPayOrder("os-p1", MINE))),
        () -> send(paypay("POST", "/v2/codes", payPayOrder("os-p2", OTHER))));
    settle("paypay", "os-p1", "complete");
    settle("paypay", "os-p2", "complete");

    Answers details = step("paypay", "details", () -> details("os-p1"), () -> details("os-p2"));
    String mine = json(details.mine()).at("/data/paymentId").asText();
    String other = json(details.other()).at("/data/paymentId").asText();
    step(
        "paypay",
        "refund",
        () -> send(paypay("POST", "/v2/refunds", refund("os-pr1", mine, 1000))),
        () -> send(paypay("POST", "/v2/refunds", refund("os-pr2", other, 1000))));
    step(
        "paypay",
        "refund lookup",
        () -> send(paypay("GET", "/v2/refunds/os-pr1", null)),
        () -> send(paypay("GET", "/v2/refunds/os-pr2", null)));
    assertThat(ledger("paypay", "os-p1").get(0).get("amountRefunded").asLong()).isEqualTo(1000);
    step(
        "paypay",
        "second create",
        () -> send(paypay("POST", "/v2/codes", payPayOrder("os-p3", MINE))),
        () -> send(paypay("POST", "/v2/codes", payPayOrder("os-p4", OTHER))));
    step(
        "paypay",
        "cancel",
        () -> send(paypay("DELETE", "/v2/payments/os-p3", null)),
        () -> send(paypay("DELETE", "/v2/payments/os-p4", null)));
    // Only received, as at PayPay: the payment made now is reversed.
    settle("paypay", "os-p3", "complete");
    assertThat(status("os-p3")).isEqualTo("FAILED");
  }

  @Test
  @DisplayName(
      "a scoped fault takes as many of its order's requests as times says, of any kind, and only"
          + " those")
  void usedUpAsTimesSays() throws Exception {
    String mine = id(send(komoju("os-t1", komojuBody(MINE, "\"tok_visa\""))));
    String other = id(send(komoju("os-t2", komojuBody(OTHER, "\"tok_visa\""))));
    orderFault("komoju", MINE, "http503", 3);

    assertThat(send(komojuGet(other)).statusCode()).isEqualTo(200);
    assertThat(send(komojuGet(mine)).statusCode()).isEqualTo(503);
    assertThat(send(komojuPost(other, "/refund", "os-t3", "{\"amount\":1}")).statusCode())
        .isEqualTo(200);
    assertThat(send(komojuPost(mine, "/refund", "os-t4", "{\"amount\":1}")).statusCode())
        .isEqualTo(503);
    assertThat(send(komoju("os-t5", komojuBody(OTHER + "-2", KONBINI))).statusCode())
        .isEqualTo(200);
    assertThat(queued()).hasSize(1);
    assertThat(queued().get(0).get("times").asInt()).as("left").isEqualTo(1);
    assertThat(send(komoju("os-t6", komojuBody(MINE + "-2", KONBINI))).statusCode()).isEqualTo(503);

    assertThat(queued()).isEmpty();
    assertThat(send(komojuGet(mine)).statusCode()).isEqualTo(200);
    assertThat(ledger("komoju", MINE).get(0).get("amountRefunded").asLong()).isZero();
    assertThat(ledger("komoju", MINE + "-2")).isEmpty();
    assertThat(ledger("komoju", OTHER).get(0).get("amountRefunded").asLong()).isEqualTo(1);
  }

  @Test
  @DisplayName(
      "a request about no order the sandbox can tell never takes a scoped fault; an unscoped one"
          + " still does")
  void requestsAboutNoOrderAreNobodys() throws Exception {
    orderFault("*", MINE, "http503", 1);

    assertThat(send(stripeGet("pi_unknown")).statusCode()).isEqualTo(404);
    assertThat(send(stripeSearch("status:'succeeded'")).statusCode()).isEqualTo(200);
    assertThat(
            send(stripeSearch(
                    "metadata['reference']:'ORDER-"
                        + MINE
                        + "' OR metadata['reference']:'ORDER-"
                        + OTHER
                        + "'"))
                .statusCode())
        .as("a search for two orders is about neither")
        .isEqualTo(200);
    assertThat(send(omiseSearch("scope=charge&query=" + MINE)).statusCode())
        .as("a bare number is not our reference")
        .isEqualTo(200);
    assertThat(send(stripe("os-n1", stripeCard("somebody", "pm_card_visa"))).statusCode())
        .isEqualTo(200);
    assertThat(create("os-n2").statusCode()).as("PayPay: orderDescription 'Order'").isEqualTo(201);
    assertThat(queued()).hasSize(1);

    fault("stripe", "*", "http503", "");
    assertThat(
            send(stripe("os-n3", stripeIchido(OTHER, "ORDER-" + OTHER, "pm_card_visa")))
                .statusCode())
        .as("an unscoped fault takes a request about any order")
        .isEqualTo(503);
    assertThat(queued()).hasSize(1);
    assertThat(
            send(stripe("os-n4", stripeIchido(MINE, "ORDER-" + MINE, "pm_card_visa"))).statusCode())
        .isEqualTo(503);
    assertThat(queued()).isEmpty();
  }

  @Test
  @DisplayName(
      "DELETE /faults?order= forgets that order's faults; another's and unscoped ones stay")
  void clearingOneOrdersFaults() throws Exception {
    orderFault("stripe", MINE, "http503", 5);
    orderFault("stripe", OTHER, "http429", 1);
    fault("komoju", "os-c-key", "http500", "");

    JsonNode before = queued();
    assertThat(before).extracting(f -> f.get("order").asText()).contains(MINE, OTHER);
    assertThat(before.get(2).get("order").isNull()).isTrue();
    assertThat(send(request("/_sandbox/faults?order=" + MINE).DELETE()).statusCode())
        .isEqualTo(204);

    JsonNode after = queued();
    assertThat(after).hasSize(2);
    assertThat(after.get(0).get("order").asText()).isEqualTo(OTHER);
    assertThat(after.get(1).get("match").asText()).isEqualTo("os-c-key");
    assertThat(
            send(stripe("os-c1", stripeIchido(MINE, "ORDER-" + MINE, "pm_card_visa"))).statusCode())
        .isEqualTo(200);
    assertThat(
            send(stripe("os-c2", stripeIchido(OTHER, "ORDER-" + OTHER, "pm_card_visa")))
                .statusCode())
        .isEqualTo(429);
    assertThat(send(komoju("os-c-key", komojuBody(MINE, "\"tok_visa\""))).statusCode())
        .isEqualTo(500);
  }

  @Test
  @DisplayName("chaos with probability 1 for some orders fails only theirs, on every gateway")
  void scopedChaosFailsOnlyItsOrders() throws Exception {
    chaos("{\"probability\":1,\"seed\":1,\"modes\":[\"http503\"],\"orders\":[" + MINE + "]}");

    for (String gateway : List.of("stripe", "omise", "komoju", "2c2p")) {
      HttpResponse<String> other = send(cardCharge(gateway, "os-x-" + gateway + "-2", OTHER));
      assertThat(other.statusCode()).as(gateway + ": " + other.body()).isEqualTo(200);
      HttpRequest mine =
          gateway.equals("2c2p")
              ? twoC2p("/paymentToken", tokenClaims("ORDER-" + MINE), MERCHANT_SECRET)
              : cardCharge(gateway, "os-x-" + gateway + "-1", MINE);
      for (int i = 0; i < 3; i++) {
        assertThat(send(mine).statusCode()).as(gateway).isEqualTo(503);
      }
    }
    assertThat(send(paypay("POST", "/v2/codes", payPayOrder("os-x1", MINE))).statusCode())
        .isEqualTo(503);
    assertThat(send(paypay("POST", "/v2/codes", payPayOrder("os-x2", OTHER))).statusCode())
        .isEqualTo(201);
    assertThat(ledger(null, MINE)).isEmpty();
    JsonNode stats = json(send(request("/_sandbox/stats").GET()));
    assertThat(stats.get("chaos").isNull()).isTrue();
    assertThat(stats.at("/scopedChaos/0/orders/0").asText()).isEqualTo(MINE);
    assertThat(stats.at("/faults/http503").asLong()).isEqualTo(13);
  }

  @Test
  @DisplayName(
      "several scoped chaos at once and one for every order: each order's decides its requests;"
          + " ending one order's leaves the rest")
  void scopedChaosBesideUnscopedChaos() throws Exception {
    String third = "9103";
    chaos("{\"probability\":1,\"seed\":1,\"modes\":[\"http500\"]}");
    chaos("{\"probability\":1,\"seed\":2,\"modes\":[\"http503\"],\"orders\":[\"" + MINE + "\"]}");
    chaos("{\"probability\":1,\"seed\":3,\"modes\":[\"http429\"],\"orders\":[" + third + "]}");

    assertThat(komojuStatus(MINE)).isEqualTo(503);
    assertThat(komojuStatus(third)).isEqualTo(429);
    assertThat(komojuStatus(OTHER)).isEqualTo(500);

    assertThat(send(request("/_sandbox/chaos?orders=" + MINE).DELETE()).statusCode())
        .isEqualTo(204);
    assertThat(komojuStatus(MINE)).as("back under the chaos for every order").isEqualTo(500);
    assertThat(komojuStatus(third)).isEqualTo(429);

    assertThat(send(request("/_sandbox/chaos").DELETE()).statusCode()).isEqualTo(204);
    assertThat(komojuStatus(third)).isEqualTo(200);
    assertThat(komojuStatus(OTHER)).isEqualTo(200);
  }

  @Test
  @DisplayName(
      "scoped chaos draws from its own generator: its orders' run repeats whatever other orders"
          + " send meanwhile")
  void scopedChaosRepeatsBesideOtherTraffic() throws Exception {
    String chaos =
        "{\"probability\":0.5,\"seed\":42,\"modes\":[\"http503\"],\"orders\":[" + MINE + "]}";
    List<Integer> alone = new ArrayList<>();
    List<Integer> beside = new ArrayList<>();
    chaos(chaos);
    for (int i = 0; i < 12; i++) {
      alone.add(komojuStatus(MINE));
    }
    chaos(chaos);
    for (int i = 0; i < 12; i++) {
      assertThat(komojuStatus(OTHER)).isEqualTo(200);
      beside.add(komojuStatus(MINE));
      assertThat(komojuStatus(OTHER)).isEqualTo(200);
    }

    assertThat(alone).contains(200, 503).containsOnly(200, 503).isEqualTo(beside);
  }

  @Test
  @DisplayName(
      "webhook delivery never for one order: its webhook is recorded, not sent; the other order's"
          + " comes; normal for the order forgets it")
  void webhookDeliveryPerOrder() throws Exception {
    String mine = id(send(stripe("os-w1", stripeIchidoKonbini(MINE, "ORDER-" + MINE))));
    String other = id(send(stripe("os-w2", stripeIchidoKonbini(OTHER, "ORDER-" + OTHER))));
    String later = id(send(stripe("os-w3", stripeIchidoKonbini(MINE, "ORDER-" + MINE + "-2"))));
    webhookDelivery("stripe", "{\"order\":" + MINE + ",\"mode\":\"never\"}");

    settle("stripe", mine, "complete");
    settle("stripe", other, "complete");

    Received hook = receiver.only();
    assertThat(JSON.readTree(hook.body()).at("/data/object/id").asText()).isEqualTo(other);
    JsonNode lost =
        webhooks().stream()
            .filter(w -> w.get("chargeId").asText().equals(mine))
            .findFirst()
            .orElseThrow();
    assertThat(lost.get("attempts").asInt()).isZero();
    assertThat(lost.get("delivered").asBoolean()).isFalse();

    webhookDelivery("stripe", "{\"order\":\"" + MINE + "\",\"mode\":\"normal\"}");
    settle("stripe", later, "complete");
    assertThat(receiver.await(2).get(1).body()).contains(later);
  }

  @Test
  @DisplayName(
      "an order's webhook delivery wins over the gateway's; PayPay's payment is the order's by its"
          + " description")
  void orderDeliveryWinsOverTheGateways() throws Exception {
    webhookDelivery("paypay", "{\"mode\":\"never\"}");
    webhookDelivery("paypay", "{\"order\":" + MINE + ",\"mode\":\"twice\"}");
    send(paypay("POST", "/v2/codes", payPayOrder("os-wp1", MINE)));
    send(paypay("POST", "/v2/codes", payPayOrder("os-wp2", OTHER)));

    settle("paypay", "os-wp1", "complete");
    settle("paypay", "os-wp2", "complete");

    assertThat(receiver.await(2))
        .extracting(r -> JSON.readTree(r.body()).get("merchant_order_id").asText())
        .containsExactly("os-wp1", "os-wp1");
    Thread.sleep(200);
    assertThat(receiver.received()).hasSize(2);
  }

  @Test
  @DisplayName(
      "PayPay's details lag for one order leaves another's details current; an order's lag wins"
          + " over PayPay's")
  void detailsLagPerOrder() throws Exception {
    detailsLag("{\"gateway\":\"paypay\",\"order\":" + MINE + ",\"delayMillis\":60000}");
    send(paypay("POST", "/v2/codes", payPayOrder("os-l1", MINE)));
    send(paypay("POST", "/v2/codes", payPayOrder("os-l2", OTHER)));

    settle("paypay", "os-l1", "complete");
    settle("paypay", "os-l2", "complete");

    assertThat(status("os-l2")).isEqualTo("COMPLETED");
    assertThat(status("os-l1")).isEqualTo("CREATED");

    detailsLag("{\"gateway\":\"paypay\",\"delayMillis\":60000}");
    detailsLag("{\"gateway\":\"paypay\",\"order\":\"" + OTHER + "\",\"delayMillis\":1}");
    send(paypay("POST", "/v2/codes", payPayOrder("os-l3", OTHER)));
    send(paypay("POST", "/v2/codes", payPayOrder("os-l4", "9103")));
    settle("paypay", "os-l3", "complete");
    settle("paypay", "os-l4", "complete");

    awaitStatus("os-l3", "COMPLETED");
    assertThat(status("os-l4")).as("PayPay's lag for every other order").isEqualTo("CREATED");
  }

  @Test
  @DisplayName("orders that are blank, empty or where no order can be named are refused")
  void badOrdersAreRefused() throws Exception {
    assertThat(status(post("/_sandbox/faults", "{\"mode\":\"reset\",\"order\":\" \"}")))
        .isEqualTo(400);
    assertThat(status(post("/_sandbox/faults", "{\"mode\":\"reset\",\"order\":{}}")))
        .isEqualTo(400);
    assertThat(status(post("/_sandbox/chaos", "{\"probability\":1,\"orders\":[]}")))
        .as("no order must not become every order")
        .isEqualTo(400);
    assertThat(status(post("/_sandbox/chaos", "{\"probability\":1,\"orders\":\"1\"}")))
        .isEqualTo(400);
    assertThat(
            status(
                post(
                    "/_sandbox/search-delay",
                    "{\"gateway\":\"stripe\",\"delayMillis\":1,\"order\":1}")))
        .isEqualTo(400);
    assertThat(
            status(
                post(
                    "/_sandbox/details-lag",
                    "{\"gateway\":\"stripe\",\"delayMillis\":1,\"order\":1}")))
        .isEqualTo(400);
    assertThat(send(request("/_sandbox/chaos?orders=1,,2").DELETE()).statusCode()).isEqualTo(400);
    assertThat(send(request("/_sandbox/faults?order=").DELETE()).statusCode()).isEqualTo(400);
    assertThat(queued()).isEmpty();
  }

  // --- requests as Ichido's adapters send them

  private static String stripeIchido(String order, String reference, String paymentMethod) {
    return stripeCard(order, paymentMethod) + "&metadata%5Breference%5D=" + reference;
  }

  private static String stripeIchidoKonbini(String order, String reference) {
    return stripeKonbini(order) + "&metadata%5Breference%5D=" + reference;
  }

  private HttpRequest stripeSearch(String query) {
    return request(
            "/stripe/v1/payment_intents/search?query="
                + URLEncoder.encode(query, StandardCharsets.UTF_8))
        .header("Authorization", "Bearer sk_test_sandbox")
        .GET()
        .build();
  }

  private HttpRequest stripeRefund(String key, String intent) {
    return stripePost("/v1/refunds", key, "payment_intent=" + intent);
  }

  private HttpRequest stripeCancel(String key, String intent) {
    return stripePost(
        "/v1/payment_intents/" + intent + "/cancel", key, "cancellation_reason=abandoned");
  }

  private HttpRequest stripePost(String path, String key, String form) {
    return request("/stripe" + path)
        .header("Authorization", "Bearer sk_test_sandbox")
        .header("Idempotency-Key", key)
        .header("Content-Type", "application/x-www-form-urlencoded")
        .POST(form(form))
        .build();
  }

  private static String omiseIchido(String order) {
    return "amount=5672&currency=JPY&card=tokn_test_visa&description=ORDER-"
        + order
        + "&metadata%5Border_id%5D="
        + order
        + "&metadata%5Breference%5D=ORDER-"
        + order;
  }

  private HttpRequest omiseRefund(String charge, String form) {
    return request("/omise/charges/" + charge + "/refunds")
        .header("Authorization", basic("skey_test_sandbox"))
        .POST(form(form))
        .build();
  }

  private HttpRequest komojuPost(String payment, String action, String key, String body) {
    return request("/komoju/api/v1/payments/" + payment + action)
        .header("Authorization", basic("sk_test_sandbox"))
        .header("Content-Type", "application/json")
        .header("X-KOMOJU-IDEMPOTENCY", key)
        .POST(BodyPublishers.ofString(body))
        .build();
  }

  private int komojuStatus(String order) throws Exception {
    return send(komoju(null, komojuBody(order, "\"tok_visa\""))).statusCode();
  }

  private HttpRequest inquiryRequest(String invoiceNo) {
    return twoC2p(
        "/paymentInquiry",
        Map.of("merchantID", "JT01", "invoiceNo", invoiceNo, "locale", "en"),
        MERCHANT_SECRET);
  }

  /** A Payment Maintenance refund, sealed by the merchant as Ichido's adapter seals it. */
  private HttpRequest maintenance(String invoiceNo, String amount) throws Exception {
    Map<String, String> fields = new LinkedHashMap<>();
    fields.put("version", "3.8");
    fields.put("merchantID", "JT01");
    fields.put("invoiceNo", invoiceNo);
    fields.put("actionAmount", amount);
    fields.put("processType", "R");
    String sealed =
        TwoC2pJose.seal(
            TwoC2pXml.write("PaymentProcessRequest", fields),
            TwoC2pJose.privateKey(TwoC2pKeys.MERCHANT_PRIVATE),
            TwoC2pJose.publicKey(TwoC2pKeys.GATEWAY_PUBLIC));
    return request("/2c2p/PaymentAction/2.0/action")
        .header("Content-Type", "text/plain")
        .POST(BodyPublishers.ofString(sealed))
        .build();
  }

  private static TwoC2pXml.Message opened(HttpResponse<String> answer) throws Exception {
    return TwoC2pXml.read(
        TwoC2pJose.open(
            answer.body(),
            TwoC2pJose.publicKey(TwoC2pKeys.GATEWAY_PUBLIC),
            TwoC2pJose.privateKey(TwoC2pKeys.MERCHANT_PRIVATE)));
  }

  /** PayPay's create as Ichido's adapter writes it: the order only in its description. */
  private static String payPayOrder(String merchantPaymentId, String order) {
    return "{\"merchantPaymentId\":\""
        + merchantPaymentId
        + "\",\"amount\":{\"amount\":5672,\"currency\":\"JPY\"},\"codeType\":\"ORDER_QR\","
        + "\"orderDescription\":\"Order "
        + order
        + "\",\"requestedAt\":"
        + Instant.now().getEpochSecond()
        + ",\"redirectUrl\":\""
        + REDIRECT
        + "\",\"redirectType\":\"WEB_LINK\"}";
  }

  // --- the control API

  private void orderFault(String gateway, String order, String mode, int times) throws Exception {
    String body =
        "{\"gateway\":\""
            + gateway
            + "\",\"mode\":\""
            + mode
            + "\",\"times\":"
            + times
            + ",\"delayMillis\":0,\"order\":"
            + order
            + "}";
    HttpResponse<String> answer = send(post("/_sandbox/faults", body));
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(201);
    assertThat(json(answer).get("order").asText()).isEqualTo(order);
  }

  private JsonNode queued() throws Exception {
    return json(send(request("/_sandbox/faults").GET()));
  }

  private void chaos(String body) throws Exception {
    HttpResponse<String> answer = send(post("/_sandbox/chaos", body));
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
  }

  private void webhookDelivery(String gateway, String setting) throws Exception {
    String body = "{\"gateway\":\"" + gateway + "\"," + setting.substring(1);
    HttpResponse<String> answer = send(post("/_sandbox/webhook-delivery", body));
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
  }

  private void detailsLag(String body) throws Exception {
    HttpResponse<String> answer = send(post("/_sandbox/details-lag", body));
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
  }

  private int status(HttpRequest request) throws Exception {
    return send(request).statusCode();
  }

  private static String id(HttpResponse<String> created) throws Exception {
    return json(created).get("id").asText();
  }
}
