package io.ichido.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Cancelling an abandoned payment where the gateway allows it, and succeed-late after that. */
class SandboxCancelTest extends SandboxTestSupport {

  @Test
  @DisplayName("Stripe: a waiting intent is canceled for good; a succeeded one cannot be")
  void stripeCancel() throws Exception {
    String konbini = json(send(stripe("c-1", stripeKonbini("801")))).get("id").asText();
    String paid = json(send(stripe("c-2", stripeCard("802", "pm_card_visa")))).get("id").asText();

    HttpResponse<String> canceled = send(stripeCancel("c-1x", konbini));
    HttpResponse<String> again = send(stripeCancel("c-1x", konbini));
    HttpResponse<String> refused = send(stripeCancel("c-2x", paid));

    assertThat(canceled.statusCode()).isEqualTo(200);
    assertThat(json(canceled).get("status").asText()).isEqualTo("canceled");
    assertThat(json(canceled).get("cancellation_reason").asText()).isEqualTo("abandoned");
    assertThat(again.headers().firstValue("Idempotent-Replayed")).hasValue("true");
    assertThat(refused.statusCode()).isEqualTo(400);
    assertThat(json(refused).at("/error/code").asText())
        .isEqualTo("payment_intent_unexpected_state");
    assertThat(json(refused).at("/error/message").asText()).contains("status of succeeded");
    assertThat(ledger("stripe", "801").get(0).get("status").asText()).isEqualTo("cancelled");
    JsonNode event = JSON.readTree(receiver.only().body());
    assertThat(event.get("type").asText()).isEqualTo("payment_intent.canceled");
    assertThat(lateStatus("stripe", konbini)).as("a canceled intent never captures").isEqualTo(409);
  }

  @Test
  @DisplayName(
      "KOMOJU: an authorized payment is cancelled (payment.cancelled); a captured one is 422")
  void komojuCancel() throws Exception {
    String konbini = json(send(komoju("c-3", komojuBody("803", KONBINI)))).get("id").asText();
    String card = json(send(komoju("c-4", komojuBody("804", "\"tok_visa\"")))).get("id").asText();

    HttpResponse<String> cancelled = send(komojuCancel(konbini));
    HttpResponse<String> refused = send(komojuCancel(card));

    assertThat(cancelled.statusCode()).isEqualTo(200);
    assertThat(json(cancelled).get("status").asText()).isEqualTo("cancelled");
    assertThat(refused.statusCode()).isEqualTo(422);
    assertThat(receiver.only().header("X-Komoju-Event")).isEqualTo("payment.cancelled");
    assertThat(ledger("komoju", "803").get(0).get("status").asText()).isEqualTo("cancelled");
    assertThat(lateStatus("komoju", konbini)).isEqualTo(409);
  }

  @Test
  @DisplayName("Omise: a card charge cannot be expired (failed_expire); it may still complete late")
  void omiseCardChargesCannotBeExpired() throws Exception {
    String pending =
        json(send(
                omise(
                    "c-5",
                    omiseCard("805", "tokn_test_3ds")
                        + "&return_uri=https%3A%2F%2Fshop.example%2Fback")))
            .get("id")
            .asText();

    HttpResponse<String> expire =
        send(
            request("/omise/charges/" + pending + "/expire")
                .header("Authorization", basic("skey_test_sandbox"))
                .POST(BodyPublishers.noBody())
                .build());

    assertThat(expire.statusCode()).isEqualTo(400);
    assertThat(json(expire).get("code").asText()).isEqualTo("failed_expire");
    assertThat(json(send(omiseGet(pending))).get("status").asText()).isEqualTo("pending");
    assertThat(lateStatus("omise", pending)).isEqualTo(200);
  }

  private HttpRequest stripeCancel(String key, String id) {
    return request("/stripe/v1/payment_intents/" + id + "/cancel")
        .header("Authorization", "Bearer sk_test_sandbox")
        .header("Idempotency-Key", key)
        .header("Content-Type", "application/x-www-form-urlencoded")
        .POST(form("cancellation_reason=abandoned"))
        .build();
  }

  private HttpRequest komojuCancel(String id) {
    return request("/komoju/api/v1/payments/" + id + "/cancel")
        .header("Authorization", basic("sk_test_sandbox"))
        .POST(BodyPublishers.noBody())
        .build();
  }

  private int lateStatus(String gateway, String id) throws Exception {
    return send(post("/_sandbox/payments/" + gateway + "/" + id + "/succeed-late", ""))
        .statusCode();
  }
}
