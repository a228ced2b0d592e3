package io.ichido.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Stripe's 3-D Secure as the real Stripe answers it: {@code use_stripe_sdk} when the confirmation
 * names no {@code return_url} (only Stripe.js can finish that), {@code redirect_to_url} when it
 * does; a challenge waits on the issuer's page, the frictionless flow goes straight back; the
 * browser returns with the parameters Stripe adds.
 */
class SandboxStripeThreeDSecureTest extends SandboxTestSupport {

  private static final String RETURN_URL = "https://shop.example/api/payments/return/stripe?t=1";

  @Test
  @DisplayName("without a return_url: use_stripe_sdk, no URL to send a browser to")
  void withoutReturnUrl() throws Exception {
    JsonNode intent =
        json(send(stripe("3ds-1", stripeCard("301", "pm_card_threeDSecure2Required"))));

    assertThat(intent.path("status").asText()).isEqualTo("requires_action");
    assertThat(intent.at("/next_action/type").asText()).isEqualTo("use_stripe_sdk");
    assertThat(intent.at("/next_action/redirect_to_url").isMissingNode()).isTrue();
    assertThat(intent.at("/next_action/use_stripe_sdk/type").asText())
        .isEqualTo("three_d_secure_redirect");
    assertThat(intent.path("client_secret").asText()).startsWith(intent.path("id").asText());
    assertThat(ledger("stripe", "301").get(0).path("status").asText()).isEqualTo("pending");
  }

  @Test
  @DisplayName(
      "a challenge: the page waits; authenticated, the browser goes to the return_url with"
          + " payment_intent and its client secret, and the intent succeeded, charged once")
  void challengePassed() throws Exception {
    JsonNode intent = confirmWithReturnUrl("3ds-2", "302", "pm_card_threeDSecure2Required");
    assertThat(intent.at("/next_action/type").asText()).isEqualTo("redirect_to_url");
    assertThat(intent.at("/next_action/redirect_to_url/return_url").asText()).isEqualTo(RETURN_URL);
    String page = intent.at("/next_action/redirect_to_url/url").asText();

    HttpResponse<String> shown = send(HttpRequest.newBuilder(URI.create(page)).GET());
    assertThat(shown.statusCode()).isEqualTo(200);
    assertThat(shown.body()).contains("stripe-3ds-complete", "stripe-3ds-fail");
    assertThat(intent(intent).path("status").asText())
        .as("not before the customer acts")
        .isEqualTo("requires_action");

    HttpResponse<String> back = submit(page, "outcome=pass");
    assertThat(back.statusCode()).isEqualTo(303);
    assertThat(back.headers().firstValue("Location"))
        .hasValue(
            RETURN_URL
                + "&payment_intent="
                + intent.path("id").asText()
                + "&payment_intent_client_secret="
                + intent.path("client_secret").asText()
                + "&redirect_status=succeeded");
    assertThat(intent(intent).path("status").asText()).isEqualTo("succeeded");
    assertThat(submit(page, "outcome=pass").statusCode()).as("a second post").isEqualTo(303);
    assertThat(ledger("stripe", "302"))
        .singleElement()
        .satisfies(entry -> assertThat(entry.path("status").asText()).isEqualTo("paid"));
  }

  @Test
  @DisplayName(
      "a challenge failed: requires_payment_method with payment_intent_authentication_failure,"
          + " nothing charged")
  void challengeFailed() throws Exception {
    JsonNode intent = confirmWithReturnUrl("3ds-3", "303", "pm_card_threeDSecure2Required");
    String page = intent.at("/next_action/redirect_to_url/url").asText();

    HttpResponse<String> back = submit(page, "outcome=fail");

    assertThat(back.headers().firstValue("Location").orElseThrow())
        .endsWith("&redirect_status=failed");
    JsonNode failed = intent(intent);
    assertThat(failed.path("status").asText()).isEqualTo("requires_payment_method");
    assertThat(failed.at("/last_payment_error/code").asText())
        .isEqualTo("payment_intent_authentication_failure");
    assertThat(failed.path("amount_received").asLong()).isZero();
    assertThat(ledger("stripe", "303").get(0).path("status").asText()).isEqualTo("failed");
  }

  @Test
  @DisplayName("frictionless: requires_action all the same, and the page sends the browser back")
  void frictionless() throws Exception {
    JsonNode intent = confirmWithReturnUrl("3ds-4", "304", "pm_card_threeDSecure2Frictionless");
    assertThat(intent.path("status").asText()).isEqualTo("requires_action");

    HttpResponse<String> back =
        send(
            HttpRequest.newBuilder(
                    URI.create(intent.at("/next_action/redirect_to_url/url").asText()))
                .GET());

    assertThat(back.statusCode()).isEqualTo(303);
    assertThat(back.headers().firstValue("Location").orElseThrow())
        .startsWith(RETURN_URL + "&payment_intent=" + intent.path("id").asText());
    assertThat(intent(intent).path("status").asText()).isEqualTo("succeeded");
  }

  @Test
  @DisplayName("the page answers only to the intent's client secret")
  void otherSecret() throws Exception {
    JsonNode intent = confirmWithReturnUrl("3ds-5", "305", "pm_card_threeDSecure2Frictionless");
    String page = intent.at("/next_action/redirect_to_url/url").asText();

    HttpResponse<String> guessed =
        send(HttpRequest.newBuilder(URI.create(page.replaceAll("_secret_.*$", "_secret_x"))));

    assertThat(guessed.statusCode()).isEqualTo(404);
    assertThat(intent(intent).path("status").asText()).isEqualTo("requires_action");
  }

  private JsonNode confirmWithReturnUrl(String key, String order, String method) throws Exception {
    return json(
        send(
            stripe(
                key,
                stripeCard(order, method)
                    + "&return_url="
                    + URLEncoder.encode(RETURN_URL, StandardCharsets.UTF_8))));
  }

  private JsonNode intent(JsonNode intent) throws Exception {
    return json(send(stripeGet(intent.path("id").asText())));
  }

  private HttpResponse<String> submit(String page, String form) throws Exception {
    return send(
        HttpRequest.newBuilder(URI.create(page))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .POST(HttpRequest.BodyPublishers.ofString(form)));
  }
}
