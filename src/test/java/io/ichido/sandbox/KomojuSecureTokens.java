package io.ichido.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Locale;
import java.util.Optional;

/**
 * KOMOJU's secure tokens, its 3-D Secure for a card paid through the API (doc.komoju.com/docs/3d-
 * secure, "3D Secure Without a Session"): {@code POST /api/v1/secure_tokens} with the amount, the
 * currency, a {@code return_url} and the card; {@code GET /api/v1/secure_tokens/{id}}. The card
 * {@code tok_3ds} makes the issuer challenge ({@code NEEDS_VERIFY}, with an {@code
 * authentication_url}: {@link KomojuAuthenticationPage}); any other card is authenticated without
 * one ({@code SKIPPED}), declining cards included, whose payment then declines. A payment made with
 * a token not verified is refused: KOMOJU's exact answer to that is unconfirmed (the sandbox: 422
 * {@code unprocessable_entity}). KOMOJU's test cards do not run 3-D Secure (doc.komoju.com/docs/
 * test-cards): the token names are the sandbox's.
 */
final class KomojuSecureTokens {

  static final String URL = "/api/v1/secure_tokens";
  private static final String CHALLENGED_CARD = "tok_3ds";

  private final SandboxUrls urls;
  private final Payments tokens = new Payments();

  KomojuSecureTokens(SandboxUrls urls) {
    this.urls = urls;
  }

  /** A new token for {@code body}; run once per idempotency key. */
  SandboxResponse create(JsonNode body) {
    String card = Json.text(body, "payment_details");
    if (card == null || !card.startsWith("tok_")) {
      return error(400, "invalid_token", "The token is invalid.", "payment_details");
    }
    String id = Ids.lowercase("st", 23);
    ObjectNode token = Json.object();
    token.put("id", id).put("resource", "secure_token");
    token.put("amount", body.path("amount").asLong());
    token.put("currency", Json.text(body, "currency").toUpperCase(Locale.ROOT));
    token.put("return_url", Json.text(body, "return_url")).put("card", card);
    token.putNull("reason").put("created_at", java.time.Instant.now().toString());
    if (card.equals(CHALLENGED_CARD)) {
      token.put("verification_status", "NEEDS_VERIFY");
      token.put("authentication_url", urls.komojuAuthentication(id));
    } else {
      token.put("verification_status", "SKIPPED").putNull("authentication_url");
    }
    tokens.add(id, token);
    return SandboxResponse.json(200, visible(token));
  }

  SandboxResponse read(String id) {
    return tokens
        .find(id)
        .map(token -> SandboxResponse.json(200, visible(token)))
        .orElseGet(
            () -> error(404, "not_found", "The requested secure token was not found.", "id"));
  }

  Optional<ObjectNode> find(String id) {
    return tokens.find(id);
  }

  /**
   * The customer authenticated at the issuer's page, or failed to: {@code OK} or {@code ERRORED},
   * once. Where the browser goes then: the return URL with {@code secure_token_id}, as KOMOJU sends
   * it back.
   */
  Optional<String> authenticate(String id, boolean passed) {
    tokens.change(
        id,
        token -> "NEEDS_VERIFY".equals(token.path("verification_status").asText()),
        token -> {
          token.put("verification_status", passed ? "OK" : "ERRORED");
          if (!passed) {
            token.put("reason", "The cardholder could not be authenticated.");
          }
        });
    return tokens
        .find(id)
        .map(token -> Json.text(token, "return_url"))
        .map(url -> url + (url.contains("?") ? "&" : "?") + "secure_token_id=" + id);
  }

  /** The card behind a verified token, or an answer refusing the payment. */
  Optional<String> verifiedCard(String id) {
    return tokens
        .find(id)
        .filter(
            token ->
                Json.text(token, "verification_status").equals("OK")
                    || Json.text(token, "verification_status").equals("SKIPPED"))
        .map(token -> Json.text(token, "card"));
  }

  void reset() {
    tokens.clear();
  }

  /** What KOMOJU shows of a token: not the card behind it. */
  private static ObjectNode visible(ObjectNode token) {
    ObjectNode shown = token.deepCopy();
    shown.remove("card");
    return shown;
  }

  private static SandboxResponse error(int status, String code, String message, String param) {
    ObjectNode error = Json.object();
    error.putObject("error").put("code", code).put("message", message).put("param", param);
    return SandboxResponse.json(status, error);
  }
}
