package io.ichido.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.stripe.model.Charge;
import com.stripe.model.Event;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Refunds through the control API: the ledger, the gateway's objects and its signed webhooks. */
class SandboxRefundsTest extends SandboxTestSupport {

  @Test
  @DisplayName("Stripe: a part, then the rest; charge.refunded counts all refunds together")
  void stripePartialThenFullRefund() throws Exception {
    JsonNode intent = json(send(stripe("r-1", stripeCard("301", "pm_card_visa"))));
    String id = intent.get("id").asText();

    JsonNode part = refunded("stripe", id, "?amount=1000");
    Received first = receiver.only();
    JsonNode rest = refunded("stripe", id, "");
    Received second = receiver.await(2).get(1);

    assertThat(part.get("status").asText()).isEqualTo("partially_refunded");
    assertThat(part.get("amount").asLong()).isEqualTo(5672);
    assertThat(part.get("amountRefunded").asLong()).isEqualTo(1000);
    assertThat(part.at("/webhook/delivered").asBoolean()).isTrue();
    assertThat(rest.get("status").asText()).isEqualTo("refunded");
    assertThat(rest.get("amountRefunded").asLong()).isEqualTo(5672);
    JsonNode entry = ledger("stripe", "301").get(0);
    assertThat(entry.get("status").asText()).isEqualTo("refunded");
    assertThat(entry.get("amount").asLong()).isEqualTo(5672);
    assertThat(entry.get("amountRefunded").asLong()).isEqualTo(5672);

    Charge partCharge = stripeCharge(first, part);
    assertThat(partCharge.getId()).isEqualTo(intent.get("latest_charge").asText());
    assertThat(partCharge.getPaymentIntent()).isEqualTo(id);
    assertThat(partCharge.getAmount()).isEqualTo(5672);
    assertThat(partCharge.getAmountRefunded()).isEqualTo(1000);
    assertThat(partCharge.getRefunded()).isFalse();
    assertThat(partCharge.getCurrency()).isEqualTo("jpy");
    assertThat(partCharge.getMetadata()).containsEntry("order_id", "301");
    Charge fullCharge = stripeCharge(second, rest);
    assertThat(fullCharge.getAmountRefunded()).isEqualTo(5672);
    assertThat(fullCharge.getRefunded()).isTrue();

    JsonNode after = json(send(stripeGet(id)));
    assertThat(after.get("status").asText()).isEqualTo("succeeded");
    assertThat(after.get("amount_received").asLong()).isEqualTo(5672);
    assertThat(refund("stripe", id, "").statusCode()).isEqualTo(400);
  }

  @Test
  @DisplayName("KOMOJU: payment.refund.created each time, payment.refunded once nothing is left")
  void komojuRefunds() throws Exception {
    String id = json(send(komoju("r-2", komojuBody("302", "\"tok_visa\"")))).get("id").asText();

    refunded("komoju", id, "?amount=2000");
    JsonNode payment = json(send(komojuGet(id)));
    JsonNode rest = refunded("komoju", id, "");

    assertThat(payment.get("status").asText()).isEqualTo("captured");
    assertThat(payment.get("amount_refunded").asLong()).isEqualTo(2000);
    assertThat(payment.at("/refunds/0/amount").asLong()).isEqualTo(2000);
    List<Received> hooks = receiver.await(3);
    assertThat(hooks).hasSize(3);
    assertThat(hooks)
        .extracting(hook -> hook.header("X-Komoju-Event"))
        .containsExactly("payment.refund.created", "payment.refund.created", "payment.refunded");
    for (Received hook : hooks) {
      assertThat(hook.path()).isEqualTo("/api/webhooks/komoju");
      assertThat(hook.header("X-Komoju-Signature"))
          .isEqualTo(WebhookSigner.komojuSignature(hook.body(), WebhookSecrets.KOMOJU));
    }
    JsonNode partEvent = JSON.readTree(hooks.get(0).body());
    assertThat(partEvent.get("type").asText()).isEqualTo("payment.refund.created");
    assertThat(partEvent.at("/data/id").asText()).isEqualTo(id);
    assertThat(partEvent.at("/data/status").asText()).isEqualTo("captured");
    assertThat(partEvent.at("/data/amount_refunded").asLong()).isEqualTo(2000);
    JsonNode refunded = JSON.readTree(hooks.get(2).body());
    assertThat(refunded.get("id").asText()).isEqualTo(rest.at("/webhook/eventId").asText());
    assertThat(refunded.at("/data/status").asText()).isEqualTo("refunded");
    assertThat(refunded.at("/data/amount").asLong()).isEqualTo(5672);
    assertThat(refunded.at("/data/amount_refunded").asLong()).isEqualTo(5672);
    assertThat(refunded.at("/data/refunds/1/amount").asLong()).isEqualTo(3672);
    assertThat(refunded.at("/data/external_order_num").asText()).isEqualTo("ORDER-302");
    assertThat(json(send(komojuGet(id))).get("status").asText()).isEqualTo("refunded");
  }

  @Test
  @DisplayName("Omise: refund.create and charge.update; GET /charges/{id} shows the refunds")
  void omiseRefunds() throws Exception {
    String id = json(send(omise("r-3", omiseCard("303", "tokn_test_visa")))).get("id").asText();

    refunded("omise", id, "?amount=672");
    JsonNode charge = json(send(omiseGet(id)));

    assertThat(charge.get("status").asText()).isEqualTo("successful");
    assertThat(charge.get("refunded_amount").asLong()).isEqualTo(672);
    assertThat(charge.has("refunded"))
        .as("the older name, not in API version 2019-05-29")
        .isFalse();
    assertThat(charge.get("refundable").asBoolean()).isTrue();
    assertThat(charge.at("/refunds/total").asInt()).isEqualTo(1);
    JsonNode refund = charge.at("/refunds/data/0");
    assertThat(refund.get("object").asText()).isEqualTo("refund");
    assertThat(refund.get("id").asText()).startsWith("rfnd_test_");
    assertThat(refund.get("amount").asLong()).isEqualTo(672);
    assertThat(refund.get("charge").asText()).isEqualTo(id);
    List<Received> hooks = receiver.await(2);
    for (Received hook : hooks) {
      String timestamp = hook.header("Omise-Signature-Timestamp");
      assertThat(hook.header("Omise-Signature"))
          .isEqualTo(
              WebhookSigner.omiseSignature(
                  hook.body(), WebhookSecrets.OMISE, Long.parseLong(timestamp)));
    }
    JsonNode created = JSON.readTree(hooks.get(0).body());
    JsonNode updated = JSON.readTree(hooks.get(1).body());
    assertThat(created.get("key").asText()).isEqualTo("refund.create");
    assertThat(created.get("data")).isEqualTo(refund);
    assertThat(updated.get("key").asText()).isEqualTo("charge.update");
    assertThat(updated.at("/data/refunded_amount").asLong()).isEqualTo(672);

    refunded("omise", id, "");
    JsonNode full = json(send(omiseGet(id)));
    assertThat(full.get("refunded_amount").asLong()).isEqualTo(5672);
    assertThat(full.get("refundable").asBoolean()).isFalse();
    assertThat(full.at("/refunds/data/1/amount").asLong()).isEqualTo(5000);
  }

  @Test
  void refundingMoreThanIsLeftIs400AndChangesNothing() throws Exception {
    String id = json(send(stripe("r-4", stripeCard("304", "pm_card_visa")))).get("id").asText();

    assertThat(refund("stripe", id, "?amount=5673").statusCode()).isEqualTo(400);
    assertThat(refund("stripe", id, "?amount=0").statusCode()).isEqualTo(400);
    assertThat(refund("stripe", id, "?amount=-1").statusCode()).isEqualTo(400);
    assertThat(refund("stripe", id, "?amount=1.5").statusCode()).isEqualTo(400);
    refunded("stripe", id, "?amount=5000");
    HttpResponse<String> tooMuch = refund("stripe", id, "?amount=673");

    assertThat(tooMuch.statusCode()).isEqualTo(400);
    assertThat(json(tooMuch).get("error").asText()).contains("672 of 5672 is left");
    JsonNode entry = ledger("stripe", "304").get(0);
    assertThat(entry.get("amountRefunded").asLong()).isEqualTo(5000);
    assertThat(entry.get("status").asText()).isEqualTo("partially_refunded");
    assertThat(webhooks()).hasSize(1);
  }

  @Test
  void onlyPaidPaymentsOfKnownGatewaysAreRefunded() throws Exception {
    String konbini = json(send(stripe("r-5", stripeKonbini("305")))).get("id").asText();
    String declined =
        json(send(stripe("r-6", stripeCard("306", "pm_card_chargeDeclined"))))
            .at("/error/payment_intent/id")
            .asText();
    send(doPayment(paymentToken("ORDER-307", MERCHANT_SECRET), "4111-card-token"));
    String tranRef = ledger("2c2p", "307").get(0).get("id").asText();

    assertThat(refund("stripe", konbini, "").statusCode()).isEqualTo(409);
    assertThat(refund("stripe", declined, "").statusCode()).isEqualTo(409);
    assertThat(refund("stripe", "pi_nope", "").statusCode()).isEqualTo(404);
    assertThat(refund("paypal", "x", "").statusCode()).isEqualTo(404);
    assertThat(refund("2c2p", tranRef, "?amount=1000").statusCode()).as("in part").isEqualTo(501);
    settle("stripe", konbini, "complete");
    assertThat(refunded("stripe", konbini, "").get("status").asText()).isEqualTo("refunded");
  }

  @Test
  @DisplayName("2C2P: a whole refund shows as 4120 in the inquiry and a signed 4120 notification")
  void twoC2pWholeRefund() throws Exception {
    send(doPayment(paymentToken("ORDER-309", MERCHANT_SECRET), "4111-card-token"));
    String tranRef = ledger("2c2p", "309").get(0).get("id").asText();

    JsonNode entry = refunded("2c2p", tranRef, "");

    assertThat(entry.get("status").asText()).isEqualTo("refunded");
    assertThat(entry.get("amountRefunded").asLong()).isEqualTo(5672);
    assertThat(inquiry("ORDER-309").getClaim("respCode").asString()).isEqualTo("4120");
    JsonNode hook = webhooks().get(webhooks().size() - 1);
    assertThat(hook.get("type").asText()).isEqualTo("4120");
    assertThat(hook.get("chargeId").asText()).isEqualTo(tranRef);
  }

  @Test
  @DisplayName("20 refunds of 1000 at once: five go through, and the total is theirs")
  void concurrentRefundsNeverGiveBackMoreThanWasPaid() throws Exception {
    String id = json(send(stripe("r-7", stripeCard("308", "pm_card_visa")))).get("id").asText();

    List<HttpResponse<String>> answers = sendAtOnce(20, () -> refund("stripe", id, "?amount=1000"));

    List<Integer> statuses = answers.stream().map(HttpResponse::statusCode).toList();
    assertThat(statuses).filteredOn(status -> status == 200).hasSize(5);
    assertThat(statuses).filteredOn(status -> status == 400).hasSize(15);
    assertThat(ledger("stripe", "308").get(0).get("amountRefunded").asLong()).isEqualTo(5000);
    List<Long> totals = new ArrayList<>();
    for (JsonNode delivery : webhooks()) {
      totals.add(
          JSON.readTree(delivery.get("body").asText()).at("/data/object/amount_refunded").asLong());
    }
    assertThat(totals).containsExactlyInAnyOrder(1000L, 2000L, 3000L, 4000L, 5000L);
  }

  @Test
  void refundEventsCanBeRedelivered() throws Exception {
    String id = json(send(omise("r-8", omiseCard("309", "tokn_test_visa")))).get("id").asText();
    refunded("omise", id, "");
    List<Received> sent = receiver.await(2);

    for (JsonNode delivery : webhooks()) {
      String eventId = delivery.get("eventId").asText();
      HttpResponse<String> again = send(post("/_sandbox/webhooks/" + eventId + "/redeliver", ""));
      assertThat(again.statusCode()).isEqualTo(200);
      assertThat(json(again).get("delivered").asBoolean()).isTrue();
    }

    List<Received> all = receiver.await(4);
    assertThat(all.get(2).body()).isEqualTo(sent.get(0).body());
    assertThat(all.get(3).body()).isEqualTo(sent.get(1).body());
    assertThat(webhooks()).extracting(delivery -> delivery.get("attempts").asInt()).containsOnly(2);
  }

  @Test
  @DisplayName("WebhookEvents.stripeChargeRefunded forges what the sandbox sends")
  void theForgingBuilderMatchesTheSentEvent() throws Exception {
    JsonNode intent = json(send(stripe("r-9", stripeCard("310", "pm_card_visa"))));
    refunded("stripe", intent.get("id").asText(), "?amount=100");
    JsonNode sent = JSON.readTree(receiver.only().body());

    String forged =
        WebhookEvents.stripeChargeRefunded(
            "evt_forged",
            intent.get("latest_charge").asText(),
            intent.get("id").asText(),
            "310",
            5672,
            100,
            "JPY",
            intent.get("created").asLong());

    JsonNode event = JSON.readTree(forged);
    assertThat(event.get("data")).isEqualTo(sent.get("data"));
    assertThat(event.get("type")).isEqualTo(sent.get("type"));
    assertThat(event.get("api_version")).isEqualTo(sent.get("api_version"));
  }

  private HttpResponse<String> refund(String gateway, String id, String query) throws Exception {
    return send(post("/_sandbox/payments/" + gateway + "/" + id + "/refund" + query, ""));
  }

  /** The control API's answer to a refund that must go through. */
  private JsonNode refunded(String gateway, String id, String query) throws Exception {
    HttpResponse<String> answer = refund(gateway, id, query);
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
    return json(answer);
  }

  /**
   * The Charge of a {@code charge.refunded} event, as Ichido's stripe-java reads it once the
   * signature is checked with the helpers tests forge events with.
   */
  private static Charge stripeCharge(Received hook, JsonNode answer) throws Exception {
    String header = hook.header("Stripe-Signature");
    long timestamp = Long.parseLong(header.substring(2, header.indexOf(',')));
    assertThat(header)
        .isEqualTo(
            WebhookSigner.stripeSignatureHeader(hook.body(), WebhookSecrets.STRIPE, timestamp));
    Event event = com.stripe.net.Webhook.constructEvent(hook.body(), header, WebhookSecrets.STRIPE);
    assertThat(event.getId()).isEqualTo(answer.at("/webhook/eventId").asText());
    assertThat(event.getType()).isEqualTo("charge.refunded");
    return (Charge) event.getDataObjectDeserializer().getObject().orElseThrow();
  }
}
