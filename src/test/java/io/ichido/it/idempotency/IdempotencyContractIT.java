package io.ichido.it.idempotency;

import static org.assertj.core.api.Assertions.assertThat;

import io.ichido.idempotency.control.RequestFingerprint;
import io.ichido.it.support.Api;
import io.ichido.it.support.Await;
import io.ichido.it.support.Db;
import io.ichido.it.support.OnSharedDeployment;
import io.ichido.it.support.OrderJson;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Section 1 of the HTTP contract, row by row, on {@code POST /api/orders}. The rows a hostile
 * caller tests (the same key with another body or query string, a body nested too deep) are proven
 * in {@link io.ichido.it.security.HostileInputIT}.
 */
class IdempotencyContractIT extends OnSharedDeployment {

  private static final String ORDERS = "/api/orders";
  private static final Api SHOP_A = Api.as("shop-a");
  private static final Api SHOP_B = Api.as("shop-b");

  private static String key() {
    return "it-" + UUID.randomUUID();
  }

  @Test
  @DisplayName("missing Idempotency-Key: 400 idempotency-key-missing, nothing recorded")
  void missingKey() {
    String sku = Db.newProduct(10, 1000, 10);
    String customer = OrderJson.customer("missing");

    HttpResponse<String> answer = SHOP_A.postJson(ORDERS, null, OrderJson.of(customer, sku, 1));

    assertThat(answer.statusCode()).isEqualTo(400);
    assertThat(answer.headers().firstValue("Content-Type")).hasValue("application/problem+json");
    assertThat(answer.body()).contains("https://ichido.dev/problems/idempotency-key-missing");
    assertThat(Db.ordersFor(customer)).isZero();
    assertThat(Db.reserved(sku)).isZero();
  }

  @ParameterizedTest
  // Non-ASCII keys cannot even be sent by java.net.http; IdempotencyKeyHeaderTest covers them.
  @ValueSource(strings = {"", "has space", "tab\there", "\"\"", "\"bad\"quote\""})
  @DisplayName("malformed key: 400 idempotency-key-invalid, nothing recorded")
  void malformedKey(String badKey) {
    String sku = Db.newProduct(10, 1000, 10);
    String customer = OrderJson.customer("malformed");

    HttpResponse<String> answer =
        Api.send(
            SHOP_A
                .request(ORDERS)
                .header("Content-Type", "application/json")
                .header("Idempotency-Key", badKey)
                .POST(
                    java.net.http.HttpRequest.BodyPublishers.ofString(
                        OrderJson.of(customer, sku, 1)))
                .build());

    assertThat(answer.statusCode()).isEqualTo(400);
    assertThat(answer.body()).contains("idempotency-key-invalid");
    assertThat(Db.ordersFor(customer)).isZero();
    assertThat(Db.count("SELECT count(*) FROM idempotency_key WHERE idem_key = ?", badKey))
        .isZero();
  }

  @Test
  @DisplayName("a key of 256 characters is refused, one of 255 accepted")
  void keyLength() {
    String sku = Db.newProduct(10, 1000, 10);
    String tooLong = "k".repeat(256);
    String longest = UUID.randomUUID() + "x".repeat(255 - 36);

    assertThat(SHOP_A.postJson(ORDERS, tooLong, OrderJson.of("c", sku, 1)).statusCode())
        .isEqualTo(400);
    assertThat(SHOP_A.postJson(ORDERS, longest, OrderJson.of("c", sku, 1)).statusCode())
        .isEqualTo(201);
  }

  @Test
  @DisplayName("a Structured-Field string key is unquoted: \"abc\" and abc are the same key")
  void structuredFieldKey() {
    String sku = Db.newProduct(10, 1000, 10);
    String key = key();
    String body = OrderJson.of(OrderJson.customer("sf"), sku, 1);

    HttpResponse<String> quoted = SHOP_A.postJson(ORDERS, "\"" + key + "\"", body);
    HttpResponse<String> bare = SHOP_A.postJson(ORDERS, key, body);

    assertThat(quoted.statusCode()).isEqualTo(201);
    assertThat(bare.statusCode()).isEqualTo(201);
    assertThat(bare.headers().firstValue("Idempotency-Replayed")).hasValue("true");
    assertThat(Db.reserved(sku)).isEqualTo(1);
  }

  @Test
  @DisplayName("first request runs once; a repeat gets the byte-identical stored answer")
  void replay() {
    String sku = Db.newProduct(10, 1000, 10);
    String key = key();
    String body = OrderJson.of(OrderJson.customer("replay"), sku, 2);

    HttpResponse<String> first = SHOP_A.postJson(ORDERS, key, body);
    HttpResponse<String> second = SHOP_A.postJson(ORDERS, key, body);

    assertThat(first.statusCode()).isEqualTo(201);
    assertThat(first.headers().firstValue("Idempotency-Replayed")).isEmpty();
    assertThat(second.statusCode()).isEqualTo(201);
    assertThat(second.body()).isEqualTo(first.body());
    assertThat(second.headers().firstValue("Content-Type"))
        .isEqualTo(first.headers().firstValue("Content-Type"));
    assertThat(second.headers().firstValue("Location"))
        .isPresent()
        .isEqualTo(first.headers().firstValue("Location"));
    assertThat(second.headers().firstValue("Idempotency-Replayed")).hasValue("true");
    assertThat(second.headers().firstValue("Idempotent-Replayed")).hasValue("true");
    assertThat(Db.reserved(sku)).isEqualTo(2);
  }

  @Test
  @DisplayName("a twin arriving while the first still runs gets 409 with Retry-After")
  void concurrentTwin() throws Exception {
    String sku = Db.newProduct(10, 1000, 10);
    String key = key();
    String body = OrderJson.of(OrderJson.customer("twin"), sku, 1);
    CompletableFuture<HttpResponse<String>> first;
    // Holding the stock row keeps the first request inside its endpoint.
    try (Connection lock = Db.connect()) {
      lock.setAutoCommit(false);
      try (PreparedStatement hold =
          lock.prepareStatement("SELECT * FROM stock WHERE sku = ? FOR UPDATE")) {
        hold.setString(1, sku);
        hold.executeQuery();
      }
      first = CompletableFuture.supplyAsync(() -> SHOP_A.postJson(ORDERS, key, body));
      Await.until(
          "the first request to claim its key", () -> Db.keys("principal:shop-a", key) == 1);

      HttpResponse<String> twin = SHOP_A.postJson(ORDERS, key, body);

      assertThat(twin.statusCode()).isEqualTo(409);
      assertThat(twin.body()).contains("idempotency-key-in-use");
      assertThat(twin.headers().firstValue("Retry-After")).isPresent();
      // How long such requests take (well under a second here), not the two-minute lease.
      assertThat(Long.parseLong(twin.headers().firstValue("Retry-After").get())).isBetween(1L, 5L);
      lock.commit();
    }
    HttpResponse<String> original = first.get(30, TimeUnit.SECONDS);
    assertThat(original.statusCode()).isEqualTo(201);
    assertThat(SHOP_A.postJson(ORDERS, key, body).body()).isEqualTo(original.body());
    assertThat(Db.reserved(sku)).isEqualTo(1);
  }

  @Test
  @DisplayName("canonical JSON: reordered keys and whitespace replay, a changed value is 422")
  void canonicalJson() {
    String sku = Db.newProduct(10, 1000, 10);
    String key = key();
    String customer = OrderJson.customer("canonical");
    String body =
        "{\"customer\":\"%s\",\"items\":[{\"sku\":\"%s\",\"quantity\":1}],\"currency\":\"JPY\"}"
            .formatted(customer, sku);
    String reordered =
        "{ \"currency\" : \"JPY\",\n \"items\": [ { \"quantity\": 1, \"sku\": \"%s\" } ],"
                .formatted(sku)
            + " \"customer\": \"%s\" }".formatted(customer);
    String changed = body.replace("\"quantity\":1", "\"quantity\":1.0");

    HttpResponse<String> first = SHOP_A.postJson(ORDERS, key, body);
    HttpResponse<String> again = SHOP_A.postJson(ORDERS, key, reordered);
    HttpResponse<String> different = SHOP_A.postJson(ORDERS, key, changed);

    assertThat(first.statusCode()).isEqualTo(201);
    assertThat(again.statusCode()).isEqualTo(201);
    assertThat(again.headers().firstValue("Idempotency-Replayed")).hasValue("true");
    assertThat(different.statusCode()).isEqualTo(422);
    assertThat(Db.reserved(sku)).isEqualTo(1);
  }

  @Test
  @DisplayName("two callers using the same key get two independent orders")
  void keysAreScopedPerCaller() {
    String sku = Db.newProduct(10, 1000, 10);
    String key = key();
    String customer = OrderJson.customer("scoped");
    String body = OrderJson.of(customer, sku, 1);

    HttpResponse<String> a = SHOP_A.postJson(ORDERS, key, body);
    HttpResponse<String> b = SHOP_B.postJson(ORDERS, key, body);

    assertThat(a.statusCode()).isEqualTo(201);
    assertThat(b.statusCode()).isEqualTo(201);
    assertThat(b.headers().firstValue("Idempotency-Replayed")).isEmpty();
    assertThat(b.headers().firstValue("Location")).isNotEqualTo(a.headers().firstValue("Location"));
    assertThat(Db.ordersFor(customer)).isEqualTo(2);
    assertThat(Db.reserved(sku)).isEqualTo(2);
    // shop-b cannot read shop-a's order either
    String aLocation = a.headers().firstValue("Location").orElseThrow();
    assertThat(SHOP_B.get(aLocation.substring(aLocation.indexOf("/api/"))).statusCode())
        .isEqualTo(404);
  }

  @Test
  @DisplayName(
      "rejected before the endpoint runs (bad JSON, validation): nothing recorded, key reusable")
  void rejectedBeforeEndpointIsNotRecorded() {
    String sku = Db.newProduct(10, 1000, 10);
    String customer = OrderJson.customer("rejected");
    String key = key();

    HttpResponse<String> malformed = SHOP_A.postJson(ORDERS, key, "{\"customer\":");
    assertThat(malformed.statusCode()).isEqualTo(400);
    assertThat(Db.keys("principal:shop-a", key)).isZero();

    HttpResponse<String> invalid = SHOP_A.postJson(ORDERS, key, OrderJson.of(customer, sku, 0));
    assertThat(invalid.statusCode()).isEqualTo(400);
    assertThat(invalid.body()).contains("validation-failed");
    assertThat(Db.keys("principal:shop-a", key)).isZero();

    HttpResponse<String> corrected = SHOP_A.postJson(ORDERS, key, OrderJson.of(customer, sku, 1));
    assertThat(corrected.statusCode()).isEqualTo(201);
    assertThat(Db.ordersFor(customer)).isEqualTo(1);
  }

  @Test
  @DisplayName("401 and 403 answers record nothing")
  void unauthorizedIsNotRecorded() {
    String sku = Db.newProduct(10, 1000, 10);
    String key = key();
    String body = OrderJson.of(OrderJson.customer("auth"), sku, 1);

    assertThat(Api.anonymous().postJson(ORDERS, key, body).statusCode()).isEqualTo(401);
    assertThat(Api.as("auditor").postJson(ORDERS, key, body).statusCode()).isEqualTo(403);

    assertThat(Db.count("SELECT count(*) FROM idempotency_key WHERE idem_key = ?", key)).isZero();
    assertThat(Db.reserved(sku)).isZero();
  }

  @Test
  @DisplayName(
      "a 4xx answer from the endpoint is recorded: out-of-stock stays out-of-stock for that key")
  void clientErrorIsRecorded() {
    String sku = Db.newProduct(1, 1000, 10);
    String key = key();
    String body = OrderJson.of(OrderJson.customer("oos"), sku, 2);

    HttpResponse<String> first = SHOP_A.postJson(ORDERS, key, body);
    Db.update("UPDATE stock SET on_hand = 100 WHERE sku = ?", sku);
    HttpResponse<String> retry = SHOP_A.postJson(ORDERS, key, body);

    assertThat(first.statusCode()).isEqualTo(409);
    assertThat(first.body()).contains("https://ichido.dev/problems/out-of-stock");
    assertThat(retry.statusCode()).isEqualTo(409);
    assertThat(retry.body()).isEqualTo(first.body());
    assertThat(retry.headers().firstValue("Idempotency-Replayed")).hasValue("true");
    assertThat(Db.reserved(sku)).isZero();
  }

  @Test
  @DisplayName("a server that died mid-request: 409 until the lease ends, then a retry takes over")
  void deadServerLease() throws Exception {
    String sku = Db.newProduct(10, 1000, 10);
    String key = key();
    String body = OrderJson.of(OrderJson.customer("dead"), sku, 1);
    String fingerprint =
        RequestFingerprint.of(
            "POST", "/orders", null, true, body.getBytes(StandardCharsets.UTF_8), 64);
    // What a crashed server leaves behind: a claim whose lease runs for another minute.
    Db.update(
        "INSERT INTO idempotency_key (scope, idem_key, fingerprint, request_method, request_path,"
            + " status, claim_token, locked_until, created_at, expires_at) VALUES (?, ?, ?,"
            + " 'POST', '/orders', 'IN_FLIGHT', gen_random_uuid(), now() + interval '1 minute',"
            + " now(), now() + interval '1 day')",
        "principal:shop-a",
        key,
        fingerprint);

    HttpResponse<String> during = SHOP_A.postJson(ORDERS, key, body);
    assertThat(during.statusCode()).isEqualTo(409);
    assertThat(during.body()).contains("idempotency-key-in-use");

    // The minute passes (as retentionExpiry lets a day pass): the lease has ended.
    Db.update(
        "UPDATE idempotency_key SET locked_until = now() - interval '1 second'"
            + " WHERE scope = ? AND idem_key = ?",
        "principal:shop-a",
        key);
    HttpResponse<String> after = SHOP_A.postJson(ORDERS, key, body);
    assertThat(after.statusCode()).isEqualTo(201);
    assertThat(Db.reserved(sku)).isEqualTo(1);
  }

  @Test
  @DisplayName("after the key's retention it is forgotten and runs as new")
  void retentionExpiry() {
    String sku = Db.newProduct(10, 1000, 10);
    String key = key();
    String body = OrderJson.of(OrderJson.customer("retention"), sku, 1);

    HttpResponse<String> first = SHOP_A.postJson(ORDERS, key, body);
    Db.update(
        "UPDATE idempotency_key SET expires_at = now() - interval '1 second' WHERE idem_key = ?",
        key);
    HttpResponse<String> later = SHOP_A.postJson(ORDERS, key, body);

    assertThat(first.statusCode()).isEqualTo(201);
    assertThat(later.statusCode()).isEqualTo(201);
    assertThat(later.headers().firstValue("Idempotency-Replayed")).isEmpty();
    assertThat(later.headers().firstValue("Location"))
        .isNotEqualTo(first.headers().firstValue("Location"));
    assertThat(Db.reserved(sku)).isEqualTo(2);
  }
}
