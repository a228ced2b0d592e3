package io.ichido.sandbox;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import com.auth0.jwt.JWT;
import com.auth0.jwt.interfaces.DecodedJWT;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The webhooks the sandbox sends: each gateway's signed events, retried until acknowledged. */
class SandboxWebhooksTest extends SandboxTestSupport {

  @Test
  void stripeKonbiniPaidSendsASignedSucceededEvent() throws Exception {
    String id = json(send(stripe("w-1", stripeKonbini("71")))).get("id").asText();

    JsonNode answer = settle("stripe", id, "complete");

    assertThat(answer.get("status").asText()).isEqualTo("paid");
    assertThat(answer.get("reference").asText()).isEqualTo("71");
    assertThat(answer.at("/webhook/delivered").asBoolean()).isTrue();
    assertThat(answer.at("/webhook/status").asInt()).isEqualTo(200);
    Received hook = receiver.only();
    assertThat(hook.path()).isEqualTo("/api/webhooks/stripe");
    assertThat(hook.header("Content-Type")).isEqualTo("application/json");
    assertStripeSignature(hook);
    JsonNode event = JSON.readTree(hook.body());
    assertThat(event.get("id").asText()).isEqualTo(answer.at("/webhook/eventId").asText());
    assertThat(event.get("id").asText()).startsWith("evt_");
    assertThat(event.get("object").asText()).isEqualTo("event");
    assertThat(event.get("type").asText()).isEqualTo("payment_intent.succeeded");
    assertThat(event.get("livemode").asBoolean()).isFalse();
    JsonNode intent = event.at("/data/object");
    assertThat(intent.get("id").asText()).isEqualTo(id);
    assertThat(intent.get("status").asText()).isEqualTo("succeeded");
    assertThat(intent.get("amount").asLong()).isEqualTo(5672);
    assertThat(intent.get("amount_received").asLong()).isEqualTo(5672);
    assertThat(intent.get("currency").asText()).isEqualTo("jpy");
    assertThat(intent.at("/metadata/order_id").asText()).isEqualTo("71");

    // What Ichido does with it: stripe-java verifies and reads the PaymentIntent.
    com.stripe.model.Event parsed =
        com.stripe.net.Webhook.constructEvent(
            hook.body(), hook.header("Stripe-Signature"), WebhookSecrets.STRIPE);
    com.stripe.model.PaymentIntent read =
        (com.stripe.model.PaymentIntent) parsed.getDataObjectDeserializer().getObject().get();
    assertThat(read.getAmountReceived()).isEqualTo(5672);
    assertThat(read.getMetadata()).containsEntry("order_id", "71");
  }

  @Test
  void stripeKonbiniLapsedSendsPaymentFailed() throws Exception {
    String id = json(send(stripe("w-2", stripeKonbini("72")))).get("id").asText();

    settle("stripe", id, "expire");

    Received hook = receiver.only();
    assertStripeSignature(hook);
    JsonNode event = JSON.readTree(hook.body());
    assertThat(event.get("type").asText()).isEqualTo("payment_intent.payment_failed");
    assertThat(event.at("/data/object/status").asText()).isEqualTo("requires_payment_method");
    assertThat(event.at("/data/object/last_payment_error/code").asText())
        .isEqualTo("payment_intent_payment_attempt_expired");
    assertThat(event.at("/data/object/amount_received").asLong()).isZero();
    assertThat(json(send(stripeGet(id))).at("/last_payment_error/type").asText())
        .isEqualTo("invalid_request_error");
  }

  @Test
  void omiseThreeDSecureSendsChargeCompleteAndChargeExpire() throws Exception {
    String completed = omise3ds("w-3", "73");
    String lapsed = omise3ds("w-4", "74");

    long before = System.currentTimeMillis() / 1000;
    settle("omise", completed, "complete");
    settle("omise", lapsed, "expire");

    List<Received> hooks = receiver.await(2);
    long after = System.currentTimeMillis() / 1000;
    JsonNode complete = JSON.readTree(hooks.get(0).body());
    JsonNode expire = JSON.readTree(hooks.get(1).body());
    for (Received hook : hooks) {
      assertThat(hook.path()).isEqualTo("/api/webhooks/omise");
      String timestamp = hook.header("Omise-Signature-Timestamp");
      assertThat(hook.header("Omise-Signature"))
          .isEqualTo(
              hmacHex(
                  Base64.getDecoder().decode(WebhookSecrets.OMISE), timestamp + "." + hook.body()));
      // Signed when sent, in seconds: however long a loaded machine took to send it.
      assertThat(Long.parseLong(timestamp)).isBetween(before, after);
    }
    assertThat(complete.get("object").asText()).isEqualTo("event");
    assertThat(complete.get("id").asText()).startsWith("evnt_test_");
    assertThat(complete.get("location").asText())
        .isEqualTo("/events/" + complete.get("id").asText());
    assertThat(complete.get("key").asText()).isEqualTo("charge.complete");
    assertThat(complete.at("/data/id").asText()).isEqualTo(completed);
    assertThat(complete.at("/data/status").asText()).isEqualTo("successful");
    assertThat(complete.at("/data/amount").asLong()).isEqualTo(5672);
    assertThat(complete.at("/data/metadata/order_id").asText()).isEqualTo("73");
    assertThat(expire.get("key").asText()).isEqualTo("charge.expire");
    assertThat(expire.at("/data/status").asText()).isEqualTo("expired");
  }

  @Test
  void omiseAuthorizePageSendsTheWebhookToo() throws Exception {
    String id = omise3ds("w-5", "75");

    send(HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + "/omise/authorize/" + id)).GET());

    JsonNode event = JSON.readTree(receiver.only().body());
    assertThat(event.get("key").asText()).isEqualTo("charge.complete");
    assertThat(event.at("/data/id").asText()).isEqualTo(id);
  }

  @Test
  void komojuSendsCapturedAndExpiredSignedWithTheToken() throws Exception {
    String konbini = json(send(komoju("w-6", komojuBody("76", KONBINI)))).get("id").asText();
    String paypay =
        json(send(komoju("w-7", komojuBody("77", "{\"type\":\"paypay\"}")))).get("id").asText();

    String rakutenPay =
        json(send(komoju("w-7b", komojuBody("86", "{\"type\":\"rakutenpay\"}"))))
            .get("id")
            .asText();

    settle("komoju", konbini, "complete");
    settle("komoju", paypay, "expire");
    settle("komoju", rakutenPay, "complete");

    List<Received> hooks = receiver.await(3);
    for (Received hook : hooks) {
      assertThat(hook.path()).isEqualTo("/api/webhooks/komoju");
      assertThat(hook.header("X-Komoju-Signature"))
          .isEqualTo(hmacHex(WebhookSecrets.KOMOJU.getBytes(StandardCharsets.UTF_8), hook.body()));
    }
    JsonNode captured = JSON.readTree(hooks.get(0).body());
    assertThat(captured.get("type").asText()).isEqualTo("payment.captured");
    assertThat(hooks.get(0).header("X-Komoju-Event")).isEqualTo("payment.captured");
    assertThat(hooks.get(0).header("X-Komoju-ID")).isEqualTo(captured.get("id").asText());
    assertThat(captured.get("resource").asText()).isEqualTo("event");
    assertThat(captured.has("reason")).isTrue();
    assertThat(captured.at("/data/id").asText()).isEqualTo(konbini);
    assertThat(captured.at("/data/status").asText()).isEqualTo("captured");
    assertThat(captured.at("/data/amount").asLong()).isEqualTo(5672);
    assertThat(captured.at("/data/external_order_num").asText()).isEqualTo("ORDER-76");
    JsonNode expired = JSON.readTree(hooks.get(1).body());
    assertThat(expired.get("type").asText()).isEqualTo("payment.expired");
    assertThat(expired.at("/data/status").asText()).isEqualTo("expired");
    JsonNode rakuten = JSON.readTree(hooks.get(2).body());
    assertThat(rakuten.get("type").asText()).isEqualTo("payment.captured");
    assertThat(rakuten.at("/data/id").asText()).isEqualTo(rakutenPay);
    assertThat(rakuten.at("/data/payment_details/type").asText()).isEqualTo("rakutenpay");
    assertThat(rakuten.at("/data/external_order_num").asText()).isEqualTo("ORDER-86");
  }

  @Test
  @DisplayName(
      "authorized_before_answer: KOMOJU's payment.authorized has arrived, without instructions,"
          + " when the konbini create's answer does; a card payment leaves the fault queued")
  void komojuAuthorizedBeforeTheAnswer() throws Exception {
    fault("komoju", "w-ab", "authorized_before_answer", "");
    send(komoju("w-ab-card", komojuBody("90", "\"tok_visa\""))); // another key: still queued

    HttpResponse<String> answer = send(komoju("w-ab", komojuBody("91", KONBINI)));

    List<Received> hooks = receiver.await(1);
    assertThat(answer.statusCode()).isEqualTo(200);
    JsonNode authorized = JSON.readTree(hooks.get(0).body());
    assertThat(authorized.get("type").asText()).isEqualTo("payment.authorized");
    assertThat(authorized.at("/data/id").asText()).isEqualTo(json(answer).get("id").asText());
    assertThat(authorized.at("/data/status").asText()).isEqualTo("authorized");
    assertThat(authorized.at("/data/external_order_num").asText()).isEqualTo("ORDER-91");
    assertThat(receiver.received()).as("the answer itself sends nothing more").hasSize(1);
  }

  @Test
  @DisplayName("2C2P: a signed JWT body, respCode 0000 when paid and 0003 when lapsed")
  void twoC2pNotificationIsASignedJwt() throws Exception {
    // No 2C2P payment waits for the customer in the sandbox: drive the ledger directly.
    Ledger ledger = new Ledger();
    ObjectNode invoice = Json.object().put("merchantID", "JT01").put("approvalCode", "123456");
    try (WebhookSender sender =
        new WebhookSender(
            receiver.url(),
            GatewaySandbox.DEFAULT_2C2P_SECRET,
            (gateway, id) -> invoice.deepCopy(),
            QUICK_RETRIES)) {
      ledger.subscribe(sender);
      for (String tranRef : List.of("7000001", "7000002")) {
        ledger.record(
            LedgerEntry.created(
                "2c2p",
                tranRef,
                "ORDER-78",
                "ORDER-78",
                5672,
                "JPY",
                "card",
                LedgerStatus.PENDING));
      }
      ledger.update("2c2p", "7000001", LedgerStatus.PAID);
      ledger.update("2c2p", "7000002", LedgerStatus.EXPIRED);
    }

    List<Received> hooks = receiver.await(2);
    assertThat(hooks.get(0).path()).isEqualTo("/api/webhooks/2c2p");
    assertThat(hooks.get(0).header("Content-Type")).isEqualTo("application/json");
    String token = JSON.readTree(hooks.get(0).body()).get("payload").asText();
    DecodedJWT paid = JWT.require(MERCHANT_SECRET).build().verify(token);
    assertThat(paid.getClaim("respCode").asString()).isEqualTo("0000");
    assertThat(paid.getClaim("respDesc").asString()).isEqualTo("Success");
    assertThat(paid.getClaim("merchantID").asString()).isEqualTo("JT01");
    assertThat(paid.getClaim("invoiceNo").asString()).isEqualTo("ORDER-78");
    assertThat(paid.getClaim("tranRef").asString()).isEqualTo("7000001");
    assertThat(paid.getClaim("approvalCode").asString()).isEqualTo("123456");
    assertThat(paid.getClaim("channelCode").asString()).isEqualTo("CC");
    assertThat(paid.getClaim("transactionDateTime").asString()).matches("\\d{14}");
    assertThat(new String(Base64.getUrlDecoder().decode(paid.getPayload()), UTF_8))
        .contains("\"amount\":\"5672.00\"");
    String lapsed = JSON.readTree(hooks.get(1).body()).get("payload").asText();
    assertThat(JWT.require(MERCHANT_SECRET).build().verify(lapsed).getClaim("respCode").asString())
        .isEqualTo("0003");
  }

  @Test
  @DisplayName("a receiver answering 500 twice gets the event again until it answers 200")
  void undeliveredEventsAreRetriedFreshlySigned() throws Exception {
    receiver.answer(500, 500);
    String id = json(send(stripe("w-9", stripeKonbini("79")))).get("id").asText();

    JsonNode answer = settle("stripe", id, "complete");

    assertThat(answer.at("/webhook/delivered").asBoolean()).isFalse();
    assertThat(answer.at("/webhook/status").asInt()).isEqualTo(500);
    List<Received> hooks = receiver.await(3);
    for (Received hook : hooks) {
      assertStripeSignature(hook);
      assertThat(hook.body()).isEqualTo(hooks.get(0).body());
    }
    JsonNode delivery = awaitDelivered(answer.at("/webhook/eventId").asText());
    assertThat(delivery.get("attempts").asInt()).isEqualTo(3);
    assertThat(delivery.get("lastStatus").asInt()).isEqualTo(200);
    Thread.sleep(300);
    assertThat(receiver.received()).hasSize(3);
  }

  @Test
  void retriesStopAfterTheLastAttempt() throws Exception {
    receiver.answer(503, 503, 503, 503, 503, 503);
    String id = json(send(komoju("w-10", komojuBody("80", KONBINI)))).get("id").asText();

    settle("komoju", id, "complete");

    assertThat(receiver.await(QUICK_RETRIES.maxAttempts())).hasSize(5);
    Thread.sleep(400);
    assertThat(receiver.received()).hasSize(5);
    JsonNode delivery = webhooks().get(0);
    assertThat(delivery.get("attempts").asInt()).isEqualTo(5);
    assertThat(delivery.get("delivered").asBoolean()).isFalse();
    assertThat(delivery.get("lastStatus").asInt()).isEqualTo(503);
  }

  @Test
  @DisplayName("?amount= makes the event say the customer paid another amount")
  void completeWithAnotherAmount() throws Exception {
    String komojuId = json(send(komoju("w-11", komojuBody("81", BANK)))).get("id").asText();
    String stripeId = json(send(stripe("w-12", stripeBankTransfer("82")))).get("id").asText();

    assertThat(settleStatus("komoju", komojuId, "complete?amount=0")).isEqualTo(400);
    assertThat(settleStatus("komoju", komojuId, "complete?amount=-5")).isEqualTo(400);
    assertThat(settleStatus("komoju", komojuId, "complete?amount=1.5")).isEqualTo(400);
    assertThat(settleStatus("komoju", komojuId, "complete?amount=")).isEqualTo(400);
    assertThat(settleStatus("komoju", komojuId, "expire?amount=5000")).isEqualTo(400);
    assertThat(ledger("komoju", "81").get(0).get("status").asText()).isEqualTo("pending");
    assertThat(receiver.received()).isEmpty();
    settle("komoju", komojuId, "complete?amount=5000");
    settle("stripe", stripeId, "complete?amount=6000");

    List<Received> hooks = receiver.await(2);
    JsonNode under = JSON.readTree(hooks.get(0).body());
    assertThat(under.at("/data/amount").asLong()).isEqualTo(5000);
    assertThat(under.at("/data/total").asLong()).isEqualTo(5000);
    assertThat(json(send(komojuGet(komojuId))).get("amount").asLong()).isEqualTo(5672);
    JsonNode over = JSON.readTree(hooks.get(1).body()).at("/data/object");
    assertThat(over.get("amount").asLong()).isEqualTo(5672);
    assertThat(over.get("amount_received").asLong()).isEqualTo(6000);
  }

  @Test
  void theControlApiListsAndRedeliversEvents() throws Exception {
    String id = json(send(komoju("w-13", komojuBody("83", KONBINI)))).get("id").asText();
    String eventId = settle("komoju", id, "complete").at("/webhook/eventId").asText();
    Received first = receiver.only();

    JsonNode delivery = webhooks().get(0);
    assertThat(delivery.get("eventId").asText()).isEqualTo(eventId);
    assertThat(delivery.get("gateway").asText()).isEqualTo("komoju");
    assertThat(delivery.get("type").asText()).isEqualTo("payment.captured");
    assertThat(delivery.get("chargeId").asText()).isEqualTo(id);
    assertThat(delivery.get("reference").asText()).isEqualTo("83");
    assertThat(delivery.get("attempts").asInt()).isEqualTo(1);
    assertThat(delivery.get("delivered").asBoolean()).isTrue();
    assertThat(delivery.get("lastStatus").asInt()).isEqualTo(200);
    assertThat(delivery.get("body").asText()).isEqualTo(first.body());

    HttpResponse<String> again = send(post("/_sandbox/webhooks/" + eventId + "/redeliver", ""));
    assertThat(again.statusCode()).isEqualTo(200);
    assertThat(json(again).get("status").asInt()).isEqualTo(200);
    assertThat(json(again).get("delivered").asBoolean()).isTrue();
    List<Received> hooks = receiver.await(2);
    assertThat(hooks.get(1).body()).isEqualTo(first.body());
    assertThat(hooks.get(1).header("X-Komoju-Signature"))
        .isEqualTo(first.header("X-Komoju-Signature"));
    assertThat(webhooks().get(0).get("attempts").asInt()).isEqualTo(2);
    assertThat(send(post("/_sandbox/webhooks/nope/redeliver", "")).statusCode()).isEqualTo(404);
  }

  @Test
  void resetForgetsEventsAndCancelsRetries() throws Exception {
    receiver.answer(500, 500, 500, 500, 500);
    String id = json(send(komoju("w-14", komojuBody("84", KONBINI)))).get("id").asText();
    settle("komoju", id, "complete");

    send(post("/_sandbox/reset", ""));
    int sent = receiver.received().size();
    Thread.sleep(500);

    assertThat(webhooks()).isEmpty();
    // An attempt already under way may still land, but none is scheduled after it.
    assertThat(receiver.received().size()).isBetween(sent, sent + 1);
  }

  @Test
  @DisplayName("without --webhooks events are recorded, not sent")
  void withoutAUrlNothingIsSent() throws Exception {
    try (GatewaySandbox quiet = GatewaySandbox.start(0)) {
      String id =
          json(send(on(quiet, komoju("w-15", komojuBody("85", KONBINI))))).get("id").asText();

      JsonNode answer =
          json(send(on(quiet, post("/_sandbox/payments/komoju/" + id + "/complete", ""))));

      assertThat(answer.get("status").asText()).isEqualTo("paid");
      assertThat(answer.at("/webhook/delivered").asBoolean()).isFalse();
      assertThat(answer.at("/webhook/status").isNull()).isTrue();
      JsonNode recorded = json(send(on(quiet, request("/_sandbox/webhooks").GET().build())));
      assertThat(recorded).hasSize(1);
      assertThat(recorded.get(0).get("attempts").asInt()).isZero();
      assertThat(recorded.get(0).get("type").asText()).isEqualTo("payment.captured");
      String eventId = answer.at("/webhook/eventId").asText();
      assertThat(
              send(on(quiet, post("/_sandbox/webhooks/" + eventId + "/redeliver", "")))
                  .statusCode())
          .isEqualTo(409);
    }
    assertThat(receiver.received()).isEmpty();
  }

  @Test
  void retriesWaitLongerEachTimeUpToTheCap() {
    Retries gateways = Retries.GATEWAYS;

    assertThat(gateways.maxAttempts()).isEqualTo(12);
    assertThat(List.of(1, 2, 3, 4, 5, 6, 11).stream().map(gateways::delayAfter))
        .containsExactly(
            Duration.ofMillis(500),
            Duration.ofSeconds(1),
            Duration.ofSeconds(2),
            Duration.ofSeconds(4),
            Duration.ofSeconds(8),
            Duration.ofSeconds(8),
            Duration.ofSeconds(8));
  }

  @Test
  @DisplayName("the public builders and signers give what the sandbox itself sends")
  void buildersForTestsMatchTheSentShapes() throws Exception {
    String stripe =
        WebhookEvents.stripePaymentIntent(
            "evt_1", "payment_intent.succeeded", "pi_1", 5672, "JPY", "succeeded", 1_700_000_000);
    String header =
        WebhookSigner.stripeSignatureHeader(stripe, WebhookSecrets.STRIPE, 1_700_000_000);
    com.stripe.net.Webhook.Signature.verifyHeader(
        stripe, header, WebhookSecrets.STRIPE, Long.MAX_VALUE / 2);
    assertThat(JSON.readTree(stripe).at("/data/object/amount_received").asLong()).isEqualTo(5672);
    assertThat(JSON.readTree(stripe).at("/data/object/currency").asText()).isEqualTo("jpy");

    JsonNode omise =
        JSON.readTree(
            WebhookEvents.omise(
                "evnt_test_1", "charge.expire", "chrg_test_1", 5672, "JPY", "expired"));
    assertThat(omise.get("key").asText()).isEqualTo("charge.expire");
    assertThat(omise.at("/data/expired").asBoolean()).isTrue();
    assertThat(WebhookSigner.omiseSignature("{}", WebhookSecrets.OMISE, 7))
        .isEqualTo(hmacHex(Base64.getDecoder().decode(WebhookSecrets.OMISE), "7.{}"));

    JsonNode komoju =
        JSON.readTree(
            WebhookEvents.komoju(
                "k1", "payment.captured", "p1", "ORDER-9", 5672, "JPY", "captured", "konbini"));
    assertThat(komoju.at("/data/payment_details/type").asText()).isEqualTo("konbini");
    assertThat(komoju.at("/data/captured_at").isNull()).isFalse();

    Map<String, Object> claims =
        WebhookEvents.twoC2pClaims("JT01", "ORDER-9", 5672, "JPY", "0000", "1234567");
    String body = WebhookSigner.twoC2pBody(claims, GatewaySandbox.DEFAULT_2C2P_SECRET);
    DecodedJWT token =
        JWT.require(MERCHANT_SECRET).build().verify(JSON.readTree(body).get("payload").asText());
    assertThat(token.getClaim("amount").asString()).isEqualTo("5672.00");
    assertThat(token.getClaim("accountNo").asString()).isEqualTo("411111XXXXXX1111");
    assertThat(token.getClaim("referenceNo").asString()).isEqualTo("1234567");
  }

  private String omise3ds(String key, String order) throws Exception {
    String form = omiseCard(order, "tokn_test_3ds") + "&return_uri=https%3A%2F%2Fshop.example%2F";
    return json(send(omise(key, form))).get("id").asText();
  }
}
