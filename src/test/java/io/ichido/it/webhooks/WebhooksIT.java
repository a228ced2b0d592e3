package io.ichido.it.webhooks;

import static io.ichido.it.webhooks.ChargedOrders.authorizeOmise;
import static io.ichido.it.webhooks.ChargedOrders.customerEmail;
import static io.ichido.it.webhooks.ChargedOrders.orderId;
import static io.ichido.it.webhooks.ChargedOrders.orderStatus;
import static io.ichido.it.webhooks.ChargedOrders.pay;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.it.support.Api;
import io.ichido.it.support.Await;
import io.ichido.it.support.Db;
import io.ichido.it.support.Delivery;
import io.ichido.it.support.Mailbox;
import io.ichido.it.support.OnSharedDeployment;
import io.ichido.it.support.Outbox;
import io.ichido.it.support.Sandbox;
import io.ichido.it.support.Shopper;
import io.ichido.sandbox.WebhookEvents;
import jakarta.mail.MessagingException;
import jakarta.mail.internet.MimeMessage;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Webhooks against the real server, the sandbox sending the gateways' signed events, and a real
 * SMTP server (GreenMail) receiving the customers' mail.
 */
class WebhooksIT extends OnSharedDeployment {

  private static final String CHARGE = "/api/payments/charge";
  private static final Api SHOP_A = Api.as("shop-a");

  private static final Mailbox MAILBOX = Mailbox.shared();

  // --- authenticity (forgeries, stale events and oversized bodies: HostileInputIT) -----------

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"stripe", "omise", "komoju", "2c2p"})
  @DisplayName(
      "a signed event for a card paid at once is processed once: no second sale, no second receipt")
  void signedEventIsProcessedOnce(String gateway) throws Exception {
    String email = customerEmail();
    String sku = Db.newProduct(5, 1000, 10);
    JsonNode charge = pay(gateway, "card", Sandbox.CARD_THAT_PAYS.get(gateway), sku, email);
    assertThat(charge.path("order_status").asText()).isEqualTo("PAID");
    assertThat(Db.onHand(sku)).isEqualTo(4);
    assertThat(Db.reserved(sku)).isZero();
    Delivery delivery = Delivery.succeeded(gateway, charge);

    HttpResponse<String> first = deliver(delivery);
    HttpResponse<String> again = deliver(delivery.resigned());

    assertThat(first.statusCode()).as(first.body()).isEqualTo(200);
    assertThat(first.body()).isEqualTo("{\"status\":\"processed\"}");
    assertThat(again.statusCode()).isEqualTo(200);
    assertThat(again.body()).isEqualTo("{\"status\":\"already_processed\"}");
    assertThat(orderStatus(charge)).isEqualTo("PAID");
    assertThat(Db.onHand(sku)).isEqualTo(4);
    awaitMail(email, 1);
    assertThat(Db.keys("webhook:" + gateway, delivery.eventId())).isEqualTo(1);
  }

  @Test
  @DisplayName(
      "2C2P refund notification (4120), delivered twice: the order REFUNDED once, for the whole"
          + " amount")
  void twoC2pRefundNotification() throws Exception {
    String sku = Db.newProduct(5, 2400, 10);
    JsonNode charge = pay("2c2p", "card", Sandbox.CARD_THAT_PAYS.get("2c2p"), sku, customerEmail());
    assertThat(orderStatus(charge)).isEqualTo("PAID");
    long orderId = charge.path("order_id").asLong();
    String tranRef = Sandbox.charges(orderId).get(0).path("id").asText();

    JsonNode refunded = Sandbox.refundAll("2c2p", tranRef);
    assertThat(refunded.path("webhook").path("status").asInt()).isEqualTo(200);
    Sandbox.redeliver(refunded.path("webhook").path("eventId").asText());

    assertThat(orderStatus(charge)).isEqualTo("REFUNDED");
    Db.chained(orderId);
    assertThat(
            Db.count(
                "SELECT count(*) FROM payment_log WHERE order_id = ? AND kind ="
                    + " 'ORDER_STATUS_CHANGED' AND status = 'REFUNDED'",
                orderId))
        .isOne();
    assertThat(
            Db.count(
                "SELECT refunded_amount FROM charge_attempt WHERE order_id = ? AND status ="
                    + " 'REFUNDED'",
                orderId))
        .isEqualTo(charge.path("amount").asLong());
  }

  // --- effects, each once -------------------------------------------------------------------

  @Test
  @DisplayName("konbini end to end: awaiting, the sandbox's webhook pays it, stock sold, receipt")
  void konbiniPaidThroughTheSandbox() throws Exception {
    String email = customerEmail();
    String sku = Db.newProduct(10, 1500, 8);
    JsonNode charge = pay("stripe", "konbini", "", sku, email);
    assertThat(charge.path("order_status").asText()).isEqualTo("AWAITING_PAYMENT");

    JsonNode completed = Sandbox.complete("stripe", charge.path("charge_id").asText());

    assertThat(completed.path("webhook").path("delivered").asBoolean())
        .as(completed.toString())
        .isTrue();
    assertThat(orderStatus(charge)).isEqualTo("PAID");
    assertThat(Db.onHand(sku)).isEqualTo(9);
    assertThat(Db.reserved(sku)).isZero();
    MimeMessage receipt = awaitMail(email, 1).get(0);
    assertThat(receipt.getSubject()).contains("Receipt for order #" + orderId(charge));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"paypay", "rakutenpay"})
  @DisplayName(
      "KOMOJU off-site end to end: the create answer lost and retried under its key, one payment;"
          + " awaiting with the redirect URL; paid at the sandbox once; a redelivery changes nothing")
  void offSitePaidThroughTheSandbox(String method) throws Exception {
    String email = customerEmail();
    String sku = Db.newProduct(10, 2400, 10);
    Shopper customer = new Shopper(SHOP_A);
    JsonNode order = customer.order(sku, 1);
    long orderId = order.get("id").asLong();
    String key = "pay-" + UUID.randomUUID();
    String body = Shopper.chargeBody(order, "komoju", method, "", email);
    // More lost answers than the request's own resends absorb: the client must retry.
    Sandbox.fault("komoju", orderId, "drop", 6, 0);

    HttpResponse<String> lost = SHOP_A.postJson(CHARGE, key, body);
    assertThat(lost.statusCode()).as(lost.body()).isEqualTo(503);
    HttpResponse<String> retried = customer.untilFinal(CHARGE, key, body);
    Sandbox.clearFaults(orderId);

    assertThat(retried.statusCode()).as(retried.body()).isEqualTo(201);
    JsonNode charge = Shopper.json(retried.body());
    assertThat(charge.path("status").asText()).isEqualTo("awaiting_payment");
    assertThat(charge.path("order_status").asText()).isEqualTo("AWAITING_PAYMENT");
    assertThat(charge.path("method").asText()).isEqualTo(method);
    String chargeId = charge.path("charge_id").asText();
    String page = charge.path("authorize_uri").asText();
    assertThat(page).startsWith(Sandbox.URL).endsWith(chargeId);
    assertThat(Sandbox.charges(orderId)).as("one payment at KOMOJU").hasSize(1);
    assertThat(Db.reserved(sku)).isOne();
    HttpResponse<String> shown = Api.send(HttpRequest.newBuilder(URI.create(page)).GET().build());
    assertThat(shown.statusCode()).isEqualTo(200);

    JsonNode webhook = Sandbox.complete("komoju", chargeId).path("webhook");
    assertThat(webhook.path("status").asInt()).as(webhook.toString()).isEqualTo(200);
    assertThat(orderStatus(charge)).isEqualTo("PAID");
    awaitMail(email, 1);
    JsonNode again = Sandbox.redeliver(webhook.path("eventId").asText());

    assertThat(again.path("status").asInt()).as(again.toString()).isEqualTo(200);
    assertThat(orderStatus(charge)).isEqualTo("PAID");
    assertThat(Db.onHand(sku)).isEqualTo(9);
    assertThat(Db.reserved(sku)).isZero();
    assertThat(Db.count("SELECT count(*) FROM receipt WHERE order_id = ?", orderId)).isOne();
    assertThat(Db.factsByKind("charge_id", chargeId)).containsEntry("WEBHOOK_PROCESSED", 1L);
    assertThat(Db.retryTraffic("webhook:komoju", webhook.path("eventId").asText()))
        .containsEntry("REPLAYED", 1L);
    assertThat(Sandbox.charges(orderId)).hasSize(1);
    Outbox.settledFor(orderId);
    assertThat(mailTo(email)).hasSize(1);
  }

  @Test
  @DisplayName("konbini expiry through the sandbox: the order expires and its stock is released")
  void konbiniExpiryReleasesStock() throws Exception {
    String email = customerEmail();
    String sku = Db.newProduct(10, 1500, 8);
    JsonNode charge = pay("komoju", "konbini", "", sku, email);
    assertThat(Db.reserved(sku)).isEqualTo(1);

    Sandbox.expire("komoju", charge.path("charge_id").asText());

    assertThat(orderStatus(charge)).isEqualTo("EXPIRED");
    assertThat(Db.reserved(sku)).isZero();
    assertThat(Db.onHand(sku)).isEqualTo(10);
    assertThat(awaitMail(email, 1).get(0).getSubject()).contains("Payment expired");
  }

  @Test
  @DisplayName("Omise 3-D Secure completed: the webhook pays the order, read back from the API")
  void omiseThreeDSecureWebhook() throws Exception {
    String email = customerEmail();
    String sku = Db.newProduct(10, 2800, 10);
    JsonNode charge = pay("omise", "card", "tokn_test_3ds", sku, email);
    assertThat(charge.path("status").asText()).isEqualTo("requires_action");

    authorizeOmise(charge);

    Await.until(
        "the 3-D Secure webhook to pay order " + orderId(charge),
        () -> orderStatus(charge).equals("PAID"));
    assertThat(Db.onHand(sku)).isEqualTo(9);
    awaitMail(email, 1);
  }

  @Test
  @DisplayName("one event delivered 5 times, 3 at once: one status change, one sale, one email")
  void fiveDeliveries() throws Exception {
    String email = customerEmail();
    String sku = Db.newProduct(10, 1200, 10);
    JsonNode charge = pay("komoju", "konbini", "", sku, email, 3);
    Delivery captured = captured(charge, charge.path("amount").asLong());

    ExecutorService pool = Executors.newFixedThreadPool(3);
    List<CompletableFuture<HttpResponse<String>>> together = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      together.add(CompletableFuture.supplyAsync(() -> deliver(captured.resigned()), pool));
    }
    List<HttpResponse<String>> answers = new ArrayList<>();
    for (CompletableFuture<HttpResponse<String>> answer : together) {
      answers.add(
          assertThat(answer)
              .as("one of 3 deliveries at once")
              .succeedsWithin(Duration.ofSeconds(60))
              .actual());
    }
    pool.shutdown();
    answers.add(deliver(captured.resigned()));
    answers.add(deliver(captured.resigned()));

    assertThat(answers).allMatch(a -> a.statusCode() == 200 || a.statusCode() == 409);
    assertThat(answers).filteredOn(a -> a.body().contains("\"processed\"")).hasSize(1);
    assertThat(answers.subList(3, 5)).allMatch(a -> a.body().contains("already_processed"));
    // One fact, chained when processed; each repeat is retry traffic beside the log.
    assertThat(Db.factsByKind("charge_id", charge.path("charge_id").asText()))
        .containsEntry("WEBHOOK_PROCESSED", 1L)
        .doesNotContainKeys("WEBHOOK_RECEIVED", "WEBHOOK_DUPLICATE");
    assertThat(Db.retryTraffic("webhook:komoju", captured.eventId()))
        .containsOnly(
            Map.entry(
                "REPLAYED",
                answers.stream().filter(a -> a.body().contains("already_processed")).count()),
            Map.entry("IN_USE", answers.stream().filter(a -> a.statusCode() == 409).count()),
            Map.entry("REUSED", 0L));
    assertThat(orderStatus(charge)).isEqualTo("PAID");
    assertThat(Db.onHand(sku)).isEqualTo(7);
    assertThat(Db.reserved(sku)).isZero();
    awaitMail(email, 1);
    Outbox.settledFor(orderId(charge));
    assertThat(mailTo(email)).hasSize(1);
  }

  @Test
  @DisplayName("SMTP down when the payment arrives: stock moves once, the receipt goes once later")
  void smtpDownThenBack() throws Exception {
    String email = customerEmail();
    String sku = Db.newProduct(10, 1200, 10);
    JsonNode charge = pay("komoju", "bank_transfer", "", sku, email);
    Delivery captured = captured(charge, charge.path("amount").asLong());
    MAILBOX.stop();
    try {
      assertThat(deliver(captured).body()).isEqualTo("{\"status\":\"processed\"}");
      assertThat(orderStatus(charge)).isEqualTo("PAID");
      assertThat(Db.onHand(sku)).isEqualTo(9);
      String outbox = "SELECT attempts FROM email_outbox WHERE dedupe_key = 'receipt:%d'";
      Await.until(
          "the outbox to try the receipt twice while SMTP is down",
          () -> Db.count(outbox.formatted(orderId(charge))) >= 2);
      assertThat(deliver(captured.resigned()).body()).contains("already_processed");
    } finally {
      MAILBOX.start();
    }
    awaitMail(email, 1);
    Outbox.settledFor(orderId(charge));
    assertThat(mailTo(email)).hasSize(1);
    assertThat(Db.onHand(sku)).isEqualTo(9);
    assertThat(Db.reserved(sku)).isZero();
    assertThat(
            Db.count(
                "SELECT count(*) FROM email_outbox WHERE order_id = ? AND status = 'SENT'",
                orderId(charge)))
        .isEqualTo(1);
  }

  @Test
  @DisplayName("out of order: an expiry told after the payment leaves the order PAID, stock sold")
  void expiryAfterSuccess() throws Exception {
    String email = customerEmail();
    String sku = Db.newProduct(10, 1500, 8);
    JsonNode charge = pay("stripe", "konbini", "", sku, email);
    String intent = charge.path("charge_id").asText();
    long amount = charge.path("amount").asLong();

    deliver(
        Delivery.stripe(
            WebhookEvents.stripePaymentIntent(
                WebhookEvents.newEventId("stripe"),
                "payment_intent.succeeded",
                intent,
                amount,
                "jpy",
                "succeeded",
                Instant.now().getEpochSecond())));
    HttpResponse<String> late =
        deliver(
            Delivery.stripe(
                WebhookEvents.stripePaymentIntent(
                        WebhookEvents.newEventId("stripe"),
                        "payment_intent.payment_failed",
                        intent,
                        amount,
                        "jpy",
                        "requires_payment_method",
                        Instant.now().minusSeconds(60).getEpochSecond())
                    .replace(
                        "\"last_payment_error\":null",
                        "\"last_payment_error\":{\"code\":\"payment_intent_payment_attempt_expired\"}")));

    assertThat(late.body()).isEqualTo("{\"status\":\"processed\"}");
    assertThat(orderStatus(charge)).isEqualTo("PAID");
    assertThat(Db.onHand(sku)).isEqualTo(9);
    assertThat(Db.reserved(sku)).isZero();
    assertThat(awaitMail(email, 1).get(0).getSubject()).contains("Receipt");
  }

  // --- helpers ------------------------------------------------------------------------------

  private static HttpResponse<String> deliver(Delivery delivery) {
    return delivery.send();
  }

  private static Delivery captured(JsonNode charge, long amount) {
    return Delivery.of(
        "komoju",
        WebhookEvents.komoju(
            WebhookEvents.newEventId("komoju"),
            "payment.captured",
            charge.path("charge_id").asText(),
            "ORDER-" + orderId(charge),
            amount,
            "JPY",
            "captured",
            charge.path("method").asText()));
  }

  private static List<MimeMessage> mailTo(String address) throws MessagingException {
    return MAILBOX.to(address);
  }

  private static List<MimeMessage> awaitMail(String address, int count) throws Exception {
    Duration limit = Duration.ofSeconds(30);
    long deadline = System.nanoTime() + limit.toNanos();
    while (System.nanoTime() < deadline && mailTo(address).size() < count) {
      Thread.sleep(200);
    }
    List<MimeMessage> found = mailTo(address);
    assertThat(found).as("mail to %s within %s", address, limit).hasSize(count);
    return found;
  }
}
