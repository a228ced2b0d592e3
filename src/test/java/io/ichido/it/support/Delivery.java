package io.ichido.it.support;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ichido.sandbox.WebhookEvents;
import io.ichido.sandbox.WebhookSecrets;
import io.ichido.sandbox.WebhookSigner;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One webhook request as a gateway would send it, genuine or forged; re-signing gives a fresh
 * timestamp. For 2C2P {@code body} holds the claims, signed into the JWT when sent.
 */
public record Delivery(
    String gateway,
    String eventId,
    String body,
    String secret,
    Instant signedAt,
    boolean signed,
    boolean tampered) {

  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * The bodies of the events the tests signed with a gateway's own secret and sent: statements the
   * gateway never made, which its books (the sandbox's ledger) need not agree with.
   */
  private static final java.util.Set<String> SPOKEN =
      java.util.concurrent.ConcurrentHashMap.newKeySet();

  /**
   * Whether a test itself, signing as the gateway, sent an event naming {@code chargeId}: what the
   * sandbox holds for that charge is then no measure of Ichido's books.
   */
  public static boolean spokenFor(String chargeId) {
    String quoted = "\"" + chargeId + "\"";
    return chargeId != null && SPOKEN.stream().anyMatch(body -> body.contains(quoted));
  }

  public static Delivery stripe(String body) {
    return of("stripe", body);
  }

  public static Delivery of(String gateway, String body) {
    return new Delivery(
        gateway, eventIdOf(gateway, body), body, secretOf(gateway), Instant.now(), true, false);
  }

  /** A valid "paid" event, in the gateway's own shape, for a charge as the API answered it. */
  public static Delivery succeeded(String gateway, JsonNode charge) {
    return succeeded(gateway, charge, "JPY");
  }

  /** A valid "paid" event for the charge's amount, paid in {@code currency} (e.g. USD). */
  public static Delivery succeeded(String gateway, JsonNode charge, String currency) {
    String lower = currency.toLowerCase(java.util.Locale.ROOT);
    String id = charge.path("charge_id").asText();
    long amount = charge.path("amount").asLong();
    String event =
        switch (gateway) {
          case "stripe" ->
              WebhookEvents.stripePaymentIntent(
                  WebhookEvents.newEventId("stripe"),
                  "payment_intent.succeeded",
                  id,
                  amount,
                  lower,
                  "succeeded",
                  Instant.now().getEpochSecond());
          case "omise" ->
              WebhookEvents.omise(
                  WebhookEvents.newEventId("omise"),
                  "charge.complete",
                  id,
                  amount,
                  lower,
                  "successful");
          case "komoju" ->
              WebhookEvents.komoju(
                  WebhookEvents.newEventId("komoju"),
                  "payment.captured",
                  id,
                  "ORDER-" + charge.path("order_id").asLong(),
                  amount,
                  currency,
                  "captured",
                  "credit_card");
          default -> {
            // The yen amount as 2C2P writes it ("5500.00"), whatever the currency code says.
            Map<String, Object> claims =
                WebhookEvents.twoC2pClaims(
                    "JT01", id, amount, "JPY", "0000", "T" + UUID.randomUUID());
            claims.put("currencyCode", currency);
            yield json(claims);
          }
        };
    return of(gateway, event);
  }

  /** A secret the test server does not hold, in the gateway's format. */
  public static String wrongSecret(String gateway) {
    return gateway.equals("omise")
        ? Base64.getEncoder().encodeToString("not-the-secret".getBytes(StandardCharsets.UTF_8))
        : "not-the-secret-" + gateway;
  }

  public Delivery resigned() {
    return new Delivery(gateway, eventId, body, secret, Instant.now(), signed, tampered);
  }

  public Delivery signedAt(Instant when) {
    return new Delivery(gateway, eventId, body, secret, when, signed, tampered);
  }

  public Delivery signedWith(String otherSecret) {
    return new Delivery(gateway, eventId, body, otherSecret, signedAt, signed, tampered);
  }

  public Delivery unsigned() {
    return new Delivery(gateway, eventId, body, secret, signedAt, false, tampered);
  }

  /**
   * The same event, created at {@code when} by its own clock: KOMOJU's {@code created_at}, 2C2P's
   * {@code transactionDateTime}.
   */
  public Delivery createdAt(Instant when) {
    String edited =
        gateway.equals("komoju")
            ? body.replaceAll("\"created_at\":\"[^\"]*\"", "\"created_at\":\"" + when + "\"")
            : body.replaceAll(
                "\"transactionDateTime\":\"[^\"]*\"",
                "\"transactionDateTime\":\""
                    + DateTimeFormatter.ofPattern("yyyyMMddHHmmss")
                        .withZone(ZoneId.of("Asia/Tokyo"))
                        .format(when)
                    + "\"");
    assertThat(edited).as("a time to change in " + body).isNotEqualTo(body);
    return new Delivery(gateway, eventId, edited, secret, signedAt, signed, tampered);
  }

  /** Signed as is, then the amount raised by one before sending. */
  public Delivery withTamperedBody() {
    return new Delivery(gateway, eventId, body, secret, signedAt, signed, true);
  }

  public HttpResponse<String> send() {
    return sendTo(Api.BASE);
  }

  /** To a server other than the test run's, at {@code base} ({@code http://host:port}). */
  public HttpResponse<String> sendTo(String base) {
    if (signed && !tampered && secret.equals(secretOf(gateway))) {
      SPOKEN.add(body);
    }
    return Api.send(request(base));
  }

  public HttpRequest request() {
    return request(Api.BASE);
  }

  private HttpRequest request(String base) {
    long t = signedAt.getEpochSecond();
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(base + "/api/webhooks/" + gateway))
            .header("Content-Type", "application/json");
    String sent = tampered ? raiseAmount(body) : body;
    switch (gateway) {
      case "stripe" -> {
        if (signed) {
          request.header("Stripe-Signature", WebhookSigner.stripeSignatureHeader(body, secret, t));
        }
      }
      case "omise" -> {
        if (signed) {
          request.header("Omise-Signature", WebhookSigner.omiseSignature(body, secret, t));
        }
        request.header("Omise-Signature-Timestamp", Long.toString(t));
      }
      case "komoju" -> {
        if (signed) {
          request.header("X-Komoju-Signature", WebhookSigner.komojuSignature(body, secret));
        }
      }
      default -> sent = signed ? twoC2pPayload(body, secret, tampered) : "{\"notified\":true}";
    }
    return request.POST(HttpRequest.BodyPublishers.ofString(sent)).build();
  }

  /** One more in the amount, a number or (as 2C2P writes it) a decimal string. */
  private static String raiseAmount(String json) {
    Matcher amount = Pattern.compile("\"amount\":(\"?)(\\d+)").matcher(json);
    assertThat(amount.find()).as(json).isTrue();
    return amount.replaceFirst(
        "\"amount\":" + amount.group(1) + (Long.parseLong(amount.group(2)) + 1));
  }

  /**
   * The notification JWT; tampered, its claims segment is swapped for one with another amount while
   * header and signature stay.
   */
  private static String twoC2pPayload(String claimsJson, String secret, boolean tampered) {
    String signedBody = WebhookSigner.twoC2pBody(claims(claimsJson), secret);
    if (!tampered) {
      return signedBody;
    }
    String jwt = Shopper.json(signedBody).path("payload").asText();
    String[] parts = jwt.split("\\.");
    String forged =
        Base64.getUrlEncoder()
            .withoutPadding()
            .encodeToString(raiseAmount(claimsJson).getBytes(StandardCharsets.UTF_8));
    return "{\"payload\":\"" + parts[0] + "." + forged + "." + parts[2] + "\"}";
  }

  private static Map<String, Object> claims(String claimsJson) {
    try {
      Map<String, Object> claims = JSON.readValue(claimsJson, new TypeReference<>() {});
      claims.put("amount", new BigDecimal(claims.get("amount").toString()));
      return claims;
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String json(Object value) {
    try {
      return JSON.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String eventIdOf(String gateway, String body) {
    JsonNode event = Shopper.json(body);
    if (gateway.equals("2c2p")) {
      return event.path("invoiceNo").asText()
          + ":"
          + event.path("respCode").asText()
          + ":"
          + event.path("tranRef").asText();
    }
    return event.path("id").asText();
  }

  private static String secretOf(String gateway) {
    return switch (gateway) {
      case "stripe" -> WebhookSecrets.STRIPE;
      case "omise" -> WebhookSecrets.OMISE;
      case "komoju" -> WebhookSecrets.KOMOJU;
      default -> WebhookSecrets.TWO_C2P;
    };
  }
}
