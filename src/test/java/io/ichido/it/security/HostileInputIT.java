package io.ichido.it.security;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.it.support.Api;
import io.ichido.it.support.Db;
import io.ichido.it.support.Delivery;
import io.ichido.it.support.Metrics;
import io.ichido.it.support.OnSharedDeployment;
import io.ichido.it.support.OrderJson;
import io.ichido.it.support.Sandbox;
import io.ichido.it.support.Shopper;
import io.ichido.sandbox.WebhookSecrets;
import io.ichido.sandbox.WebhookSigner;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What anyone who can reach the server may send, and what it must not achieve: one test per kind of
 * hostile input, against the test run's own server, as the proof issue 10 asks for.
 *
 * <p>Two proofs of that issue need a server configured otherwise, and live there: {@link
 * UnsafeGatewayIT} (a gateway on a real base URL with the sandbox's public secret, or without its
 * webhook secret: readiness DOWN naming each variable, never a value) and {@link WarContentsIT}
 * (the built WAR carries no sandbox key, secret or base URL, at any depth). The webhook dialects'
 * signature and time checks are unit tests in {@code io.ichido.webhooks.control}; {@link
 * io.ichido.it.idempotency.StandaloneIdempotencyIT} repeats the deep body and the query string for
 * the idempotency jar in a WAR of its own.
 */
class HostileInputIT extends OnSharedDeployment {

  private static final String ORDERS = "/api/orders";
  private static final String CHARGE = "/api/payments/charge";
  private static final String RETURN_PAGE = "/api/payments/return/omise";
  private static final Api SHOP_A = Api.as("shop-a");
  private static final int ROUNDS = 10;

  // --- webhooks: no login, the signature is the only credential --------------------------------

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"stripe", "omise", "komoju", "2c2p"})
  @DisplayName(
      "forged webhooks in a loop (tampered, wrong secret, unsigned, stale): 400 problems, counted,"
          + " nothing written, the genuine event still taken")
  void forgedWebhooks(String gateway) {
    JsonNode charge =
        pay(order(Db.newProduct(5, 1000, 10)), gateway, Sandbox.CARD_THAT_PAYS.get(gateway));
    Delivery genuine = Delivery.succeeded(gateway, charge);
    List<Delivery> forgeries = new ArrayList<>();
    forgeries.add(genuine.withTamperedBody());
    forgeries.add(genuine.signedWith(Delivery.wrongSecret(gateway)));
    forgeries.add(genuine.unsigned());
    switch (gateway) {
      case "stripe" -> forgeries.add(genuine.signedAt(Instant.now().minusSeconds(310)));
      case "omise" -> {
        forgeries.add(genuine.signedAt(Instant.now().minusSeconds(310)));
        forgeries.add(genuine.signedAt(Instant.now().plusSeconds(310)));
      }
      // KOMOJU and 2C2P sign no timestamp: the event's own time must be within the retention.
      default -> forgeries.add(genuine.createdAt(Instant.now().minus(Duration.ofDays(31))));
    }
    double rejectedBefore = Metrics.webhooksRejected(gateway);
    long logBefore = Db.logEntriesBesidesMail();
    long keysBefore = Db.webhookKeys();
    long outboxBefore = Db.count("SELECT count(*) FROM email_outbox");

    for (int round = 0; round < ROUNDS; round++) {
      for (Delivery forgery : forgeries) {
        HttpResponse<String> answer = forgery.send();
        assertThat(answer.statusCode()).as("round %d: %s", round, forgery).isIn(400, 401);
        assertProblem(answer, "webhook-rejected");
      }
    }

    assertThat(Db.logEntriesBesidesMail()).as("payment log entries").isEqualTo(logBefore);
    assertThat(Db.webhookKeys()).as("webhook event ids taken").isEqualTo(keysBefore);
    assertThat(Db.count("SELECT count(*) FROM email_outbox")).isEqualTo(outboxBefore);
    assertThat(Metrics.webhooksRejected(gateway) - rejectedBefore)
        .as("rejections counted in /metrics")
        .isEqualTo(ROUNDS * forgeries.size());
    // The forgeries used the genuine event's id and burned nothing: it is still taken, once.
    assertThat(genuine.resigned().send().body()).isEqualTo("{\"status\":\"processed\"}");
    assertThat(Db.logEntriesBesidesMail()).isGreaterThan(logBefore);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"declared", "chunked"})
  @DisplayName(
      "a correctly signed 2 MiB webhook, its length declared or not: 413 within a second, unread")
  void oversizedWebhook(String framing) {
    byte[] huge = new byte[2 * 1024 * 1024];
    Arrays.fill(huge, (byte) ' ');
    huge[0] = '{';
    huge[huge.length - 1] = '}';
    String signature =
        WebhookSigner.komojuSignature(
            new String(huge, StandardCharsets.UTF_8), WebhookSecrets.KOMOJU);
    HttpRequest.BodyPublisher body =
        framing.equals("declared")
            ? HttpRequest.BodyPublishers.ofByteArray(huge)
            : HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(huge));
    // A first request warms the endpoint up, so that the time measured is the refusal's own.
    assertThat(Delivery.succeeded("komoju", fakeCharge()).unsigned().send().statusCode())
        .isEqualTo(400);
    double rejectedBefore = Metrics.webhooksRejected("komoju");
    long logBefore = Db.logEntriesBesidesMail();
    long keysBefore = Db.webhookKeys();

    long start = System.nanoTime();
    HttpResponse<String> answer =
        Api.send(
            HttpRequest.newBuilder(URI.create(Api.BASE + "/api/webhooks/komoju"))
                .header("Content-Type", "application/json")
                .header("X-Komoju-Signature", signature)
                .timeout(Duration.ofSeconds(10))
                .POST(body)
                .build());
    Duration took = Duration.ofNanos(System.nanoTime() - start);

    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(413);
    assertProblem(answer, "webhook-too-large");
    assertThat(took).isLessThan(Duration.ofSeconds(1));
    assertThat(Db.logEntriesBesidesMail()).isEqualTo(logBefore);
    assertThat(Db.webhookKeys()).isEqualTo(keysBefore);
    assertThat(Metrics.webhooksRejected("komoju") - rejectedBefore).isEqualTo(1);
  }

  // --- @Idempotent endpoints: the request fingerprint -------------------------------------------

  static Stream<Arguments> deepBodies() {
    return Stream.of(
        Arguments.of("100,000 [ and nothing else", "[".repeat(100_000)),
        Arguments.of(
            "1 MiB nested 999 deep",
            "[".repeat(999) + "\"" + "x".repeat(1_000_000) + "\"" + "]".repeat(999)),
        Arguments.of(
            "100,000 objects in objects", "{\"a\":".repeat(100_000) + "1" + "}".repeat(100_000)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("deepBodies")
  @DisplayName(
      "JSON nested too deep: 400 request-too-deep at once, nothing recorded, the server well and"
          + " the key still free")
  void tooDeep(String shape, String body) {
    String key = key();
    // A first refusal warms the endpoint up, so that the time measured is this body's own.
    assertThat(SHOP_A.postJson(ORDERS, key(), "[".repeat(100)).statusCode()).isEqualTo(400);

    long start = System.nanoTime();
    HttpResponse<String> answer = SHOP_A.postJson(ORDERS, key, body);
    Duration took = Duration.ofNanos(System.nanoTime() - start);

    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(400);
    assertProblem(answer, "request-too-deep");
    assertThat(Db.count("SELECT count(*) FROM idempotency_key WHERE idem_key = ?", key)).isZero();
    // Generous for a loaded 2-CPU machine: the old fingerprint alone took ~400 ms of CPU.
    assertThat(took).isLessThan(Duration.ofSeconds(2));
    assertThat(Api.anonymous().get("/health/ready").statusCode()).isEqualTo(200);
    String sku = Db.newProduct(10, 1000, 10);
    HttpResponse<String> corrected =
        SHOP_A.postJson(ORDERS, key, OrderJson.of(OrderJson.customer("deep"), sku, 1));
    assertThat(corrected.statusCode()).as(corrected.body()).isEqualTo(201);
  }

  @Test
  @DisplayName("same key, different body: 422 idempotency-key-reused, endpoint not run")
  void reusedWithDifferentBody() {
    String sku = Db.newProduct(10, 1000, 10);
    String key = key();
    String customer = OrderJson.customer("reuse");

    assertThat(SHOP_A.postJson(ORDERS, key, OrderJson.of(customer, sku, 1)).statusCode())
        .isEqualTo(201);
    HttpResponse<String> reused = SHOP_A.postJson(ORDERS, key, OrderJson.of(customer, sku, 2));

    assertThat(reused.statusCode()).isEqualTo(422);
    assertProblem(reused, "idempotency-key-reused");
    assertThat(Db.reserved(sku)).isEqualTo(1);
  }

  @Test
  @DisplayName("same key, another query string: 422, endpoint not run; the same query replays")
  void reusedWithAnotherQuery() {
    String sku = Db.newProduct(10, 1000, 10);
    String key = key();
    String body = OrderJson.of(OrderJson.customer("query"), sku, 1);

    HttpResponse<String> first = SHOP_A.postJson(ORDERS + "?channel=web&ref=a", key, body);
    HttpResponse<String> again = SHOP_A.postJson(ORDERS + "?channel=web&&ref=%61", key, body);
    HttpResponse<String> other = SHOP_A.postJson(ORDERS + "?channel=web&ref=b", key, body);
    HttpResponse<String> none = SHOP_A.postJson(ORDERS, key, body);

    assertThat(first.statusCode()).isEqualTo(201);
    assertThat(again.headers().firstValue("Idempotency-Replayed")).hasValue("true");
    assertThat(other.statusCode()).isEqualTo(422);
    assertProblem(other, "idempotency-key-reused");
    assertThat(none.statusCode()).isEqualTo(422);
    assertThat(Db.reserved(sku)).isEqualTo(1);
  }

  // --- the 3-D Secure return page: no login, the signed link is the only credential -------------

  @Test
  @DisplayName(
      "the return page without a valid link for that order: the 404 of an unknown order, nothing"
          + " revealed, nothing written, the gateway not asked")
  void returnPageWithoutAValidLink() {
    JsonNode charge = pay(order(Db.newProduct(10, 2800, 10)), "omise", "tokn_test_3ds");
    JsonNode other = pay(order(Db.newProduct(10, 2800, 10)), "omise", "tokn_test_3ds");
    assertThat(charge.path("status").asText()).isEqualTo("requires_action");
    long orderId = charge.path("order_id").asLong();
    Map<String, String> link = query(Sandbox.omiseReturnUri(charge.path("charge_id").asText()));
    Map<String, String> otherLink = query(Sandbox.omiseReturnUri(other.path("charge_id").asText()));
    assertThat(link).containsEntry("order_id", Long.toString(orderId)).containsKey("token");
    long expires = Long.parseLong(link.get("expires"));
    long expired = Instant.now().minusSeconds(60).getEpochSecond();
    String page = RETURN_PAGE + "?order_id=" + orderId;
    List<String> forged =
        List.of(
            page,
            page + "&expires=" + expires,
            page + "&expires=" + expires + "&token=",
            page + "&expires=" + expires + "&token=x" + link.get("token"),
            page + "&expires=" + expires + "&token=" + link.get("token").toUpperCase(Locale.ROOT),
            // another order's genuine link, pointed at this order
            page + "&expires=" + otherLink.get("expires") + "&token=" + otherLink.get("token"),
            // this order's token, its expiry pushed a day on
            page + "&expires=" + (expires + 86_400) + "&token=" + link.get("token"),
            // signed with the server's own secret, as the server would, but expired
            page + "&expires=" + expired + "&token=" + returnToken(orderId, expired));
    String unknownOrder =
        Api.anonymous()
            .get(RETURN_PAGE + "?order_id=999999999&expires=" + expires + "&token=x")
            .body();
    long logBefore = Db.logEntriesBesidesMail();
    String rowsBefore = rowsOf(orderId);
    long gatewayCallsBefore = omiseRequests();

    for (String path : forged) {
      HttpResponse<String> answer = Api.anonymous().get(path);
      assertThat(answer.statusCode()).as(path).isEqualTo(404);
      assertProblem(answer, "order-not-found");
      assertThat(answer.body())
          .as(path)
          .doesNotContain(charge.path("charge_id").asText())
          .doesNotContain(charge.path("authorize_uri").asText())
          .doesNotContain("authorize_uri")
          .doesNotContain("amount")
          .doesNotContain("order_status")
          .doesNotContainIgnoringCase("requires_action")
          .doesNotContain("PENDING_PAYMENT");
      assertThat(answer.body())
          .as("%s answers as an order that does not exist", path)
          .isEqualTo(unknownOrder.replace("999999999", Long.toString(orderId)));
    }

    assertThat(Db.logEntriesBesidesMail()).as("payment log entries").isEqualTo(logBefore);
    assertThat(rowsOf(orderId)).as("the order and its charge").isEqualTo(rowsBefore);
    assertThat(omiseRequests()).as("calls to Omise").isEqualTo(gatewayCallsBefore);
    // The expired link was refused for its expiry alone: the same signing, still valid, is taken.
    long valid = Instant.now().plusSeconds(600).getEpochSecond();
    HttpResponse<String> genuine =
        Api.anonymous().get(page + "&expires=" + valid + "&token=" + returnToken(orderId, valid));
    assertThat(genuine.statusCode()).as(genuine.body()).isEqualTo(200);
    // Omise still says pending after the return page's re-reads: processing, no page offered.
    assertThat(genuine.body()).contains("\"status\":\"processing\"");
  }

  @Test
  @DisplayName(
      "a return link signed for one gateway opens no other gateway's return page, and 2C2P's"
          + " posted form is never read")
  void returnLinkIsBoundToItsGateway() {
    JsonNode charge = pay(order(Db.newProduct(10, 2800, 10)), "omise", "tokn_test_3ds");
    long orderId = charge.path("order_id").asLong();
    String uri = Sandbox.omiseReturnUri(charge.path("charge_id").asText());
    String query = uri.substring(uri.indexOf('?'));
    String rowsBefore = rowsOf(orderId);

    HttpResponse<String> crossed =
        Api.send(
            HttpRequest.newBuilder(URI.create(Api.BASE + "/api/payments/return/2c2p" + query))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("paymentResponse=" + "A".repeat(1 << 16)))
                .build());
    assertThat(crossed.statusCode()).as(crossed.body()).isEqualTo(404);
    assertProblem(crossed, "order-not-found");
    assertThat(Api.anonymous().get("/api/payments/return/2c2p" + query).statusCode())
        .isEqualTo(404);
    assertThat(rowsOf(orderId)).as("the order and its charge").isEqualTo(rowsBefore);
    assertThat(Api.anonymous().get(RETURN_PAGE + query).statusCode()).isEqualTo(200);
  }

  // --- helpers ----------------------------------------------------------------------------------

  private static String key() {
    return "hostile-" + UUID.randomUUID();
  }

  private static JsonNode order(String sku) {
    return new Shopper(SHOP_A).order(sku, 1);
  }

  private static JsonNode pay(JsonNode order, String gateway, String token) {
    HttpResponse<String> answer =
        new Shopper(SHOP_A)
            .untilFinal(
                CHARGE,
                "pay-" + UUID.randomUUID(),
                Shopper.chargeBody(order, gateway, "card", token));
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(201);
    return Shopper.json(answer.body());
  }

  /** A charge the app never made: enough for a delivery that is refused before it is read. */
  private static JsonNode fakeCharge() {
    return Shopper.json("{\"charge_id\":\"forged\",\"amount\":1,\"order_id\":1}");
  }

  private static void assertProblem(HttpResponse<String> answer, String type) {
    assertThat(answer.headers().firstValue("Content-Type").orElse(""))
        .startsWith("application/problem+json");
    assertThat(Shopper.json(answer.body()).path("type").asText())
        .isEqualTo("https://ichido.dev/problems/" + type);
  }

  private static Map<String, String> query(String url) {
    return Arrays.stream(URI.create(url).getRawQuery().split("&"))
        .map(pair -> pair.split("=", 2))
        .collect(Collectors.toMap(pair -> pair[0], pair -> pair[1]));
  }

  /**
   * The token ReturnLinks would sign, computed here from the secret the servers keep in the
   * database: HMAC-SHA256 of {@code omise|<order>|<expires>}, base64url without padding.
   */
  private static String returnToken(long orderId, long expires) {
    byte[] secret =
        HexFormat.of()
            .parseHex(
                Db.text(
                    "SELECT encode(secret, 'hex') FROM server_secret"
                        + " WHERE name = 'payment-return-links'"));
    byte[] mac =
        HexFormat.of()
            .parseHex(WebhookSigner.hmacSha256Hex(secret, "omise|" + orderId + "|" + expires));
    return Base64.getUrlEncoder().withoutPadding().encodeToString(mac);
  }

  /** The order's row and its charge attempts' rows, as text: whatever changes in them shows. */
  private static String rowsOf(long orderId) {
    return Db.text("SELECT o::text FROM customer_order o WHERE o.id = ?", orderId)
        + Db.text(
            "SELECT string_agg(c::text, '|' ORDER BY c.id) FROM charge_attempt c"
                + " WHERE c.order_id = ?",
            orderId);
  }

  private static long omiseRequests() {
    return Sandbox.stats().path("requestsByGateway").path("omise").asLong();
  }
}
