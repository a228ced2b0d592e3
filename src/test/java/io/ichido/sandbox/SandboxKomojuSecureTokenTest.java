package io.ichido.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * KOMOJU's secure tokens as the sandbox speaks them: a challenge waits at the authentication_url,
 * the browser goes back with secure_token_id, and only a verified token pays.
 */
class SandboxKomojuSecureTokenTest extends SandboxTestSupport {

  private static final String RETURN_URL = "https://shop.example/api/payments/return/komoju?t=1";

  @Test
  @DisplayName(
      "tok_3ds: NEEDS_VERIFY; a payment with it is refused until the customer authenticated; then"
          + " it pays once, with the card behind it")
  void challengePassed() throws Exception {
    JsonNode token = json(send(secureToken("st-1", "tok_3ds")));
    assertThat(token.path("verification_status").asText()).isEqualTo("NEEDS_VERIFY");
    String page = token.path("authentication_url").asText();
    assertThat(page).startsWith(sandbox.baseUrl() + "/komoju-3ds/");
    assertThat(token.has("card")).as("the card is never shown").isFalse();

    HttpResponse<String> early = send(komoju("p-1", payment("401", token)));
    assertThat(early.statusCode()).isEqualTo(422);
    assertThat(ledger("komoju", "401")).isEmpty();

    assertThat(send(HttpRequest.newBuilder(URI.create(page)).GET()).body())
        .contains("komoju-3ds-complete", "komoju-3ds-fail");
    HttpResponse<String> back = submit(page, "outcome=pass");
    assertThat(back.statusCode()).isEqualTo(303);
    assertThat(back.headers().firstValue("Location"))
        .hasValue(RETURN_URL + "&secure_token_id=" + token.path("id").asText());
    assertThat(json(send(tokenGet(token))).path("verification_status").asText()).isEqualTo("OK");

    JsonNode paid = json(send(komoju("p-2", payment("401", token))));
    assertThat(paid.path("status").asText()).isEqualTo("captured");
    assertThat(ledger("komoju", "401")).hasSize(1);
  }

  @Test
  @DisplayName("a failed challenge: ERRORED, and no payment can be made with the token")
  void challengeFailed() throws Exception {
    JsonNode token = json(send(secureToken("st-2", "tok_3ds")));
    submit(token.path("authentication_url").asText(), "outcome=fail");

    assertThat(json(send(tokenGet(token))).path("verification_status").asText())
        .isEqualTo("ERRORED");
    assertThat(send(komoju("p-3", payment("402", token))).statusCode()).isEqualTo(422);
    assertThat(ledger("komoju", "402")).isEmpty();
  }

  @Test
  @DisplayName(
      "any other card: SKIPPED (no challenge), and the same key replays the same token; a"
          + " declining card's payment declines")
  void frictionless() throws Exception {
    JsonNode token = json(send(secureToken("st-3", "tok_declined")));
    assertThat(token.path("verification_status").asText()).isEqualTo("SKIPPED");
    assertThat(json(send(secureToken("st-3", "tok_declined"))).path("id"))
        .isEqualTo(token.path("id"));

    assertThat(send(komoju("p-4", payment("403", token))).statusCode()).isEqualTo(402);
  }

  private HttpRequest secureToken(String key, String card) {
    return request("/komoju/api/v1/secure_tokens")
        .header("Authorization", basic("sk_test_sandbox"))
        .header("Content-Type", "application/json")
        .header("X-KOMOJU-IDEMPOTENCY", key)
        .POST(
            HttpRequest.BodyPublishers.ofString(
                "{\"amount\":5672,\"currency\":\"JPY\",\"return_url\":\""
                    + RETURN_URL
                    + "\",\"payment_details\":\""
                    + card
                    + "\"}"))
        .build();
  }

  private HttpRequest tokenGet(JsonNode token) {
    return request("/komoju/api/v1/secure_tokens/" + token.path("id").asText())
        .header("Authorization", basic("sk_test_sandbox"))
        .GET()
        .build();
  }

  private static String payment(String order, JsonNode token) {
    return komojuBody(order, "\"" + token.path("id").asText() + "\"");
  }

  private HttpResponse<String> submit(String page, String form) throws Exception {
    return send(
        HttpRequest.newBuilder(URI.create(page))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .POST(HttpRequest.BodyPublishers.ofString(form)));
  }
}
