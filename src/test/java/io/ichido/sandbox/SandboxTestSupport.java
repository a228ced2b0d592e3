package io.ichido.sandbox;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import com.auth0.jwt.JWT;
import com.auth0.jwt.algorithms.Algorithm;
import com.auth0.jwt.interfaces.DecodedJWT;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.stripe.StripeClient;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestInstance.Lifecycle;

/**
 * What the sandbox's tests share: one sandbox per test class, started on a free port with quick
 * webhook retries and sending its webhooks to a {@link Receiver}, reset before each test; requests
 * as the payment adapters send them; the control API.
 */
@TestInstance(Lifecycle.PER_CLASS)
abstract class SandboxTestSupport {

  static final ObjectMapper JSON = new ObjectMapper();
  static final Algorithm MERCHANT_SECRET = Algorithm.HMAC256(GatewaySandbox.DEFAULT_2C2P_SECRET);

  // Gateways wait 0.5 s, 1 s, 2 s...; tests wait 100 ms, then 200 ms.
  static final Retries QUICK_RETRIES =
      new Retries(Duration.ofMillis(100), Duration.ofMillis(200), 5);

  /**
   * How long a test waits for what the sandbox does on its own time (a webhook, details catching
   * up): long enough on a loaded 2-CPU machine that runs other test classes meanwhile. A wait ends
   * as soon as what it waits for holds; only a failing one takes this long.
   */
  static final Duration PATIENCE = Duration.ofSeconds(30);

  /**
   * A lag the sandbox keeps (a search index, PayPay's details, a late webhook) whose start a test
   * must see before it ends: long enough for the few requests a test sends within it on a loaded
   * 2-CPU machine that runs other test classes meanwhile (a few hundred milliseconds were not).
   */
  static final long LAG_MILLIS = 2500;

  /** A run that must see a lag's start: it calls {@code lagBegins} just before the lag begins. */
  @FunctionalInterface
  interface LagRun<T> {
    T run(Runnable lagBegins) throws Exception;
  }

  // This class's own: test classes run at the same time, each beside its own sandbox, client and
  // receiver. One instance per class (PER_CLASS) holds them; the helpers below use them.
  GatewaySandbox sandbox;
  HttpClient http;
  Receiver receiver;

  @BeforeAll
  void start() throws IOException {
    receiver = new Receiver();
    sandbox =
        GatewaySandbox.start(0, GatewaySandbox.DEFAULT_2C2P_SECRET, receiver.url(), QUICK_RETRIES);
    http = HttpClient.newBuilder().connectTimeout(PATIENCE).build();
  }

  @AfterAll
  void stop() {
    sandbox.close();
    receiver.close();
  }

  @BeforeEach
  void resetSandbox() throws Exception {
    assertThat(send(post("/_sandbox/reset", "")).statusCode()).isEqualTo(204);
    receiver.clear();
  }

  // --- requests, as the payment adapters would send them

  HttpRequest cardCharge(String gateway, String key, String order) throws Exception {
    return switch (gateway) {
      case "stripe" -> stripe(key, stripeCard(order, "pm_card_visa"));
      case "omise" -> omise(key, omiseCard(order, "tokn_test_visa"));
      case "komoju" -> komoju(key, komojuBody(order, "\"tok_visa\""));
      default -> doPayment(paymentToken("ORDER-" + order, MERCHANT_SECRET), "4111-card-token");
    };
  }

  static final String KONBINI =
      "{\"type\":\"konbini\",\"store\":\"lawson\",\"email\":\"y@example.com\"}";
  static final String BANK =
      "{\"type\":\"bank_transfer\",\"email\":\"y@example.com\",\"family_name\":\"山田\",\"given_name\":\"太郎\"}";

  static String stripeKonbini(String order) {
    return "amount=5672&currency=jpy&confirm=true&metadata%5Border_id%5D="
        + order
        + "&payment_method_types%5B0%5D=konbini&payment_method_data%5Btype%5D=konbini"
        + "&payment_method_data%5Bbilling_details%5D%5Bname%5D=Yamada"
        + "&payment_method_data%5Bbilling_details%5D%5Bemail%5D=y%40example.com";
  }

  static String stripeBankTransfer(String order) {
    return "amount=5672&currency=jpy&confirm=true&metadata%5Border_id%5D="
        + order
        + "&customer=cus_1&payment_method_types%5B0%5D=customer_balance"
        + "&payment_method_data%5Btype%5D=customer_balance"
        + "&payment_method_options%5Bcustomer_balance%5D%5Bfunding_type%5D=bank_transfer"
        + "&payment_method_options%5Bcustomer_balance%5D%5Bbank_transfer%5D%5Btype%5D=jp_bank_transfer";
  }

  /** Ichido's client as its Stripe adapter builds it, pointed at the sandbox, without retries. */
  StripeClient stripeJava() {
    return stripeJava("sk_test_sandbox");
  }

  StripeClient stripeJava(String apiKey) {
    return StripeClient.builder()
        .setApiKey(apiKey)
        .setApiBase(sandbox.baseUrl() + "/stripe")
        .setMaxNetworkRetries(0)
        .build();
  }

  static String matchFor(String gateway, String key, String order) {
    return gateway.equals("2c2p") ? "ORDER-" + order : key;
  }

  static String stripeCard(String order, String paymentMethod) {
    return "amount=5672&currency=jpy&confirm=true&metadata%5Border_id%5D="
        + order
        + "&payment_method="
        + paymentMethod
        + "&payment_method_types%5B0%5D=card";
  }

  HttpRequest stripe(String key, String form) {
    return request("/stripe/v1/payment_intents")
        .header("Authorization", "Bearer sk_test_sandbox")
        .header("Idempotency-Key", key)
        .header("Content-Type", "application/x-www-form-urlencoded")
        .POST(form(form))
        .build();
  }

  HttpRequest stripeGet(String id) {
    return request("/stripe/v1/payment_intents/" + id)
        .header("Authorization", "Bearer sk_test_sandbox")
        .GET()
        .build();
  }

  static String omiseCard(String order, String token) {
    return "amount=5672&currency=JPY&card="
        + token
        + "&description=Order&metadata%5Border_id%5D="
        + order;
  }

  HttpRequest omise(String key, String form) {
    return omiseRequest("/charges").header("Idempotency-Key", key).POST(form(form)).build();
  }

  HttpRequest omiseGet(String id) {
    return omiseRequest("/charges/" + id).GET().build();
  }

  HttpRequest omiseSearch(String query) {
    return omiseRequest("/search?" + query).GET().build();
  }

  /** A request to the sandbox's Omise, authenticated and versioned as Omise's clients send it. */
  private HttpRequest.Builder omiseRequest(String path) {
    return request("/omise" + path)
        .header("Authorization", basic("skey_test_sandbox"))
        .header("Omise-Version", "2019-05-29");
  }

  static String komojuBody(String order, String paymentDetails) {
    return "{\"amount\":5672,\"currency\":\"JPY\",\"external_order_num\":\"ORDER-"
        + order
        + "\",\"payment_details\":"
        + paymentDetails
        + "}";
  }

  HttpRequest komoju(String key, String body) {
    HttpRequest.Builder builder =
        request("/komoju/api/v1/payments")
            .header("Authorization", basic("sk_test_sandbox"))
            .header("Content-Type", "application/json");
    if (key != null) {
      builder.header("X-KOMOJU-IDEMPOTENCY", key);
    }
    return builder.POST(BodyPublishers.ofString(body)).build();
  }

  HttpRequest komojuGet(String id) {
    return request("/komoju/api/v1/payments/" + id)
        .header("Authorization", basic("sk_test_sandbox"))
        .GET()
        .build();
  }

  static Map<String, Object> tokenClaims(String invoiceNo) {
    Map<String, Object> claims = new LinkedHashMap<>();
    claims.put("merchantID", "JT01");
    claims.put("invoiceNo", invoiceNo);
    claims.put("description", "Order");
    claims.put("amount", 5672.00);
    claims.put("currencyCode", "JPY");
    claims.put("paymentChannel", List.of("CC"));
    claims.put("idempotencyID", "client-key-" + invoiceNo);
    claims.put("frontendReturnUrl", "https://shop.example/back");
    return claims;
  }

  HttpRequest twoC2p(String api, Map<String, Object> claims, Algorithm secret) {
    String payload = "{\"payload\":\"" + JWT.create().withPayload(claims).sign(secret) + "\"}";
    return request("/2c2p/payment/4.3" + api)
        .header("Content-Type", "application/json")
        .POST(BodyPublishers.ofString(payload))
        .build();
  }

  String paymentToken(String invoiceNo, Algorithm secret) throws Exception {
    DecodedJWT answer = verified(send(twoC2p("/paymentToken", tokenClaims(invoiceNo), secret)));
    assertThat(answer.getClaim("respCode").asString()).isEqualTo("0000");
    return answer.getClaim("paymentToken").asString();
  }

  HttpRequest doPayment(String paymentToken, String card) {
    String body =
        "{\"paymentToken\":\""
            + paymentToken
            + "\",\"payment\":{\"code\":{\"channelCode\":\"CC\"},\"data\":{\"securePayToken\":\""
            + card
            + "\"}}}";
    return request("/2c2p/payment/4.3/payment")
        .header("Content-Type", "application/json")
        .POST(BodyPublishers.ofString(body))
        .build();
  }

  DecodedJWT inquiry(String invoiceNo) throws Exception {
    Map<String, Object> claims =
        Map.of("merchantID", "JT01", "invoiceNo", invoiceNo, "locale", "en");
    return verified(send(twoC2p("/paymentInquiry", claims, MERCHANT_SECRET)));
  }

  /** The answer's JWT, which must be signed with the merchant secret. */
  static DecodedJWT verified(HttpResponse<String> response) throws Exception {
    return JWT.require(MERCHANT_SECRET).build().verify(json(response).get("payload").asText());
  }

  // --- the control API and plumbing

  void fault(String gateway, String match, String mode, String more) throws Exception {
    String body =
        "{\"gateway\":\""
            + gateway
            + "\",\"match\":\""
            + match
            + "\",\"mode\":\""
            + mode
            + "\""
            + more
            + "}";
    assertThat(send(post("/_sandbox/faults", body)).statusCode()).isEqualTo(201);
  }

  List<JsonNode> ledger(String gateway, String reference) throws Exception {
    StringBuilder query = new StringBuilder("?");
    if (gateway != null) {
      query
          .append("gateway=")
          .append(URLEncoder.encode(gateway, StandardCharsets.UTF_8))
          .append('&');
    }
    if (reference != null) {
      query.append("reference=").append(URLEncoder.encode(reference, StandardCharsets.UTF_8));
    }
    List<JsonNode> entries = new ArrayList<>();
    json(send(request("/_sandbox/ledger" + query).GET())).forEach(entries::add);
    return entries;
  }

  HttpRequest post(String path, String json) {
    return request(path)
        .header("Content-Type", "application/json")
        .POST(BodyPublishers.ofString(json))
        .build();
  }

  HttpRequest.Builder request(String path) {
    return HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + path)).timeout(PATIENCE);
  }

  static HttpRequest.BodyPublisher form(String form) {
    return BodyPublishers.ofString(form);
  }

  static String basic(String user) {
    return "Basic "
        + Base64.getEncoder().encodeToString((user + ":").getBytes(StandardCharsets.UTF_8));
  }

  /**
   * What a {@code slow} fault adds to hold its request until {@link #releaseHeld}: a test sends its
   * twin however long a loaded machine takes to, and waits no longer than that.
   */
  static final String UNTIL_RELEASED = ",\"delayMillis\":" + PATIENCE.toMillis();

  /**
   * Sends {@code request}, for which a {@code slow} fault is armed, without waiting for its answer,
   * and returns once the fault holds it: from then on the request's key is in flight. Waiting for
   * that rather than for a while keeps a loaded machine from sending a twin before the request has
   * its key.
   */
  CompletableFuture<HttpResponse<String>> sendHeld(HttpRequest request) throws Exception {
    long held = slowHeld();
    CompletableFuture<HttpResponse<String>> answer =
        http.sendAsync(request, BodyHandlers.ofString());
    long deadline = System.nanoTime() + PATIENCE.toNanos();
    while (slowHeld() == held) {
      assertThat(answer).as("answered before its slow fault held it").isNotDone();
      assertThat(System.nanoTime())
          .as("waited %s for the slow fault", PATIENCE)
          .isLessThan(deadline);
      Thread.sleep(10);
    }
    return answer;
  }

  private long slowHeld() throws Exception {
    return json(send(request("/_sandbox/stats").GET())).get("slowHeld").asLong();
  }

  /**
   * What {@code run} saw before a lag of {@link #LAG_MILLIS} could end. A run that took longer from
   * the lag's beginning to its last look proves nothing (on a loaded machine the lag may have ended
   * first): it starts over on a reset sandbox, five runs at the most.
   */
  <T> T beforeTheLagEnds(LagRun<T> run) throws Exception {
    for (int runs = 1; ; runs++) {
      AtomicLong began = new AtomicLong();
      T seen = run.run(() -> began.set(System.nanoTime()));
      if (System.nanoTime() - began.get() < TimeUnit.MILLISECONDS.toNanos(LAG_MILLIS)) {
        return seen;
      }
      if (runs == 5) {
        throw new AssertionError(
            "Five runs each took longer than the " + LAG_MILLIS + " ms lag they had to see begin");
      }
      resetSandbox();
    }
  }

  /**
   * What {@code look} sees once a lag has ended: it looks every 100 ms until {@code ended} holds,
   * {@link #PATIENCE} at the most, and answers the last look either way (the test's assertion then
   * says what was seen). No fixed wait: on a quiet machine the lag's end is seen as it comes.
   */
  <T> T afterTheLag(Callable<T> look, Predicate<T> ended) throws Exception {
    long deadline = System.nanoTime() + PATIENCE.toNanos();
    T seen = look.call();
    while (!ended.test(seen) && System.nanoTime() < deadline) {
      Thread.sleep(100);
      seen = look.call();
    }
    return seen;
  }

  /** Lets the one request a {@code slow} fault holds go on at once. */
  void releaseHeld() throws Exception {
    assertThat(json(send(post("/_sandbox/slow/release", ""))).get("released").asInt())
        .as("requests released")
        .isEqualTo(1);
  }

  /** Sends {@code request} {@code times} times at once; the answers in the order sent. */
  static List<HttpResponse<String>> sendAtOnce(int times, Callable<HttpResponse<String>> request)
      throws Exception {
    CountDownLatch go = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(times);
    try {
      List<Future<HttpResponse<String>>> answers = new ArrayList<>();
      for (int i = 0; i < times; i++) {
        answers.add(
            pool.submit(
                () -> {
                  go.await();
                  return request.call();
                }));
      }
      go.countDown();
      List<HttpResponse<String>> responses = new ArrayList<>();
      for (Future<HttpResponse<String>> answer : answers) {
        responses.add(
            assertThat(answer)
                .as("answer %d of %d requests sent at once", responses.size() + 1, times)
                .succeedsWithin(PATIENCE)
                .actual());
      }
      return responses;
    } finally {
      pool.shutdownNow();
    }
  }

  HttpResponse<String> send(HttpRequest request) throws Exception {
    return http.send(request, BodyHandlers.ofString());
  }

  HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
    return send(request.build());
  }

  /**
   * A sandbox of the test's own whose Omise honours {@code Idempotency-Key}, as under {@code
   * -Dichido.sandbox.omise-honours-idempotency-key=true}, without that JVM-wide switch: another
   * class's sandbox, started meanwhile, would read it too.
   */
  static GatewaySandbox omiseHonouringKeys() throws IOException {
    return GatewaySandbox.start(
        0, GatewaySandbox.DEFAULT_2C2P_SECRET, null, Retries.GATEWAYS, true);
  }

  /** The same request sent to another sandbox. */
  static HttpRequest on(GatewaySandbox other, HttpRequest request) {
    URI uri = request.uri();
    return HttpRequest.newBuilder(request, (name, value) -> true)
        .uri(URI.create(other.baseUrl() + uri.getRawPath()))
        .build();
  }

  // --- webhooks the sandbox recorded and sent

  JsonNode settle(String gateway, String id, String action) throws Exception {
    HttpResponse<String> answer =
        send(post("/_sandbox/payments/" + gateway + "/" + id + "/" + action, ""));
    assertThat(answer.statusCode()).isEqualTo(200);
    return json(answer);
  }

  int settleStatus(String gateway, String id, String action) throws Exception {
    return send(post("/_sandbox/payments/" + gateway + "/" + id + "/" + action, "")).statusCode();
  }

  List<JsonNode> webhooks() throws Exception {
    List<JsonNode> list = new ArrayList<>();
    json(send(request("/_sandbox/webhooks").GET())).forEach(list::add);
    return list;
  }

  /**
   * The sandbox's record of webhook {@code eventId} once it was delivered; fails after {@link
   * #PATIENCE}, whether the sandbox never recorded the event or never got it through.
   */
  JsonNode awaitDelivered(String eventId) throws Exception {
    Duration limit = PATIENCE;
    long deadline = System.nanoTime() + limit.toNanos();
    JsonNode seen = null;
    do {
      for (JsonNode delivery : webhooks()) {
        if (delivery.get("eventId").asText().equals(eventId)) {
          seen = delivery;
          if (delivery.get("delivered").asBoolean()) {
            return delivery;
          }
        }
      }
      Thread.sleep(20);
    } while (System.nanoTime() < deadline);
    throw new AssertionError(
        "Waited "
            + limit
            + " for webhook "
            + eventId
            + " to be delivered: "
            + (seen == null ? "the sandbox never recorded it" : "last seen as " + seen));
  }

  static void assertStripeSignature(Received hook) throws Exception {
    String header = hook.header("Stripe-Signature");
    assertThat(header).matches("t=\\d+,v1=[0-9a-f]{64}");
    String timestamp = header.substring(2, header.indexOf(','));
    assertThat(header.substring(header.indexOf("v1=") + 3))
        .isEqualTo(
            hmacHex(
                WebhookSecrets.STRIPE.getBytes(StandardCharsets.UTF_8),
                timestamp + "." + hook.body()));
  }

  /** Computed here, not with WebhookSigner: the test checks the signer. */
  static String hmacHex(byte[] key, String message) throws Exception {
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(key, "HmacSHA256"));
    return HexFormat.of().formatHex(mac.doFinal(message.getBytes(UTF_8)));
  }

  static JsonNode json(HttpResponse<String> response) throws Exception {
    return JSON.readTree(response.body());
  }
}
