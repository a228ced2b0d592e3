package io.ichido.client;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * {@link OrderActions} against a JDK HTTP server that answers from a script: the key made once is
 * sent on every try, {@code payment-in-doubt} and 503 are retried after at least {@code
 * Retry-After}, a refused cancel is final after one try. Waits go to a clock the test moves.
 */
class OrderActionsTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * How long one try may take: every script here answers, but a loaded 2-CPU machine running other
   * test classes meanwhile once took longer than 5 s to, which made the try a timeout.
   */
  private static final Duration TRY_TIMEOUT = Duration.ofSeconds(60);

  /** One scripted answer: status, problem type (or none), Retry-After (or none). */
  private record Scripted(int status, String problem, String retryAfter) {}

  /** What the server saw of one try. */
  private record Seen(String method, String path, String key, String auth, String body) {}

  /** A clock the sleeper moves: no test waits for real. */
  private static final class FakeTime extends Clock {
    Instant now = Instant.parse("2026-12-02T00:00:00Z");
    final List<Duration> slept = new ArrayList<>();

    @Override
    public Instant instant() {
      return now;
    }

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      return this;
    }

    void sleep(Duration d) {
      slept.add(d);
      now = now.plus(d);
    }
  }

  private final Deque<Scripted> script = new ArrayDeque<>();
  private final List<Seen> seen = new ArrayList<>();
  private final FakeTime time = new FakeTime();
  private HttpServer server;
  private OrderActions actions;

  @BeforeEach
  void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/", this::answer);
    server.start();
    actions =
        new OrderActions(
            HttpClient.newHttpClient(),
            URI.create("http://localhost:" + server.getAddress().getPort() + "/"),
            request -> request.header("Authorization", "Basic c2hvcC1hOnNob3AtYS1zZWNyZXQ="),
            Retries.of(RetryPolicy.DEFAULT).with(time, new SplittableRandom(7), time::sleep),
            TRY_TIMEOUT);
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  private synchronized void answer(HttpExchange exchange) throws IOException {
    seen.add(
        new Seen(
            exchange.getRequestMethod(),
            exchange.getRequestURI().getPath(),
            exchange.getRequestHeaders().getFirst("Idempotency-Key"),
            exchange.getRequestHeaders().getFirst("Authorization"),
            new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8)));
    Scripted next = script.size() > 1 ? script.poll() : script.peek();
    String body =
        next.problem() == null
            ? "{\"id\":42,\"status\":\"CANCELLED\"}"
            : "{\"type\":\"https://ichido.dev/problems/" + next.problem() + "\",\"status\":409}";
    exchange
        .getResponseHeaders()
        .add(
            "Content-Type",
            next.problem() == null ? "application/json" : "application/problem+json");
    if (next.retryAfter() != null) {
      exchange.getResponseHeaders().add("Retry-After", next.retryAfter());
    }
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.sendResponseHeaders(next.status(), bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  @Test
  @DisplayName(
      "payment-in-doubt, then 503, then the order: three tries with the one key, each wait at"
          + " least Retry-After, the answer CANCELLED")
  void retriesWithOneKeyHonouringRetryAfter() throws Exception {
    script.add(new Scripted(409, "payment-in-doubt", "4"));
    script.add(new Scripted(503, "database-unavailable", "2"));
    script.add(new Scripted(200, null, null));
    OperationKey key = new OperationKey("cancel-order-42-click-1");

    Retries.Result<HttpResponse<String>> result =
        actions.cancel(42, key, "customer said \"no\" \\ twice");

    assertThat(result.settled()).isTrue();
    assertThat(result.attempts()).isEqualTo(3);
    assertThat(result.value().statusCode()).isEqualTo(200);
    assertThat(result.value().body()).contains("CANCELLED");
    assertThat(seen).hasSize(3);
    for (Seen one : seen) {
      assertThat(one.method()).isEqualTo("POST");
      assertThat(one.path()).isEqualTo("/api/orders/42/cancel");
      assertThat(one.key()).isEqualTo("\"cancel-order-42-click-1\"");
      assertThat(one.auth()).startsWith("Basic ");
      assertThat(JSON.readTree(one.body()))
          .isEqualTo(JSON.valueToTree(Map.of("reason", "customer said \"no\" \\ twice")));
    }
    assertThat(time.slept).hasSize(2);
    assertThat(time.slept.get(0)).isGreaterThanOrEqualTo(Duration.ofSeconds(4));
    assertThat(time.slept.get(1)).isGreaterThanOrEqualTo(Duration.ofSeconds(2));
  }

  @Test
  @DisplayName("order-paid-refund-instead is final: one try, no wait, the problem returned")
  void paidOrderIsFinal() throws Exception {
    script.add(new Scripted(409, "order-paid-refund-instead", null));

    Retries.Result<HttpResponse<String>> result = actions.cancel(42, OperationKey.random());

    assertThat(result.settled()).isTrue();
    assertThat(result.attempts()).isOne();
    assertThat(result.value().statusCode()).isEqualTo(409);
    assertThat(result.value().body()).contains("order-paid-refund-instead");
    assertThat(seen).singleElement().satisfies(one -> assertThat(one.body()).isEqualTo("{}"));
    assertThat(time.slept).isEmpty();
  }

  @Test
  @DisplayName("a server that stays in doubt: the tries run out, unsettled, the key kept")
  void givesUpUnsettled() throws Exception {
    script.add(new Scripted(409, "payment-in-doubt", "1"));

    Retries.Result<HttpResponse<String>> result =
        actions.cancel(7, new OperationKey("cancel-order-7"));

    assertThat(result.settled()).isFalse();
    assertThat(result.attempts()).isEqualTo(RetryPolicy.DEFAULT.maxAttempts());
    assertThat(seen).extracting(Seen::key).containsOnly("\"cancel-order-7\"");
  }

  @Test
  @DisplayName(
      "a refund: refund-unanswered, then refund-in-doubt, then the refund: one key, each wait at"
          + " least Retry-After, amount and reason as sent")
  void refundRetriesWithOneKey() throws Exception {
    script.add(new Scripted(503, "refund-unanswered", "3"));
    script.add(new Scripted(409, "refund-in-doubt", "5"));
    script.add(new Scripted(201, null, null));
    OperationKey key = new OperationKey("refund-order-42-press-1");

    Retries.Result<HttpResponse<String>> result = actions.refund(42, 1_000, key, "broken mug");

    assertThat(result.settled()).isTrue();
    assertThat(result.attempts()).isEqualTo(3);
    assertThat(result.value().statusCode()).isEqualTo(201);
    assertThat(seen).hasSize(3);
    for (Seen one : seen) {
      assertThat(one.path()).isEqualTo("/api/orders/42/refunds");
      assertThat(one.key()).isEqualTo("\"refund-order-42-press-1\"");
      assertThat(JSON.readTree(one.body()))
          .isEqualTo(JSON.readTree("{\"amount\":1000,\"reason\":\"broken mug\"}"));
    }
    assertThat(time.slept.get(0)).isGreaterThanOrEqualTo(Duration.ofSeconds(3));
    assertThat(time.slept.get(1)).isGreaterThanOrEqualTo(Duration.ofSeconds(5));
  }

  @Test
  @DisplayName("refund-exceeds-balance and refund-duplicate are final: one try each")
  void refundRefusalsAreFinal() throws Exception {
    script.add(new Scripted(409, "refund-exceeds-balance", null));
    Retries.Result<HttpResponse<String>> over = actions.refund(42, 9_999, OperationKey.random());
    assertThat(over.attempts()).isOne();
    assertThat(over.value().body()).contains("refund-exceeds-balance");
    assertThat(seen)
        .singleElement()
        .satisfies(one -> assertThat(one.body()).isEqualTo("{\"amount\":9999}"));

    script.clear();
    script.add(new Scripted(409, "refund-duplicate", null));
    Retries.Result<HttpResponse<String>> again = actions.refund(42, 500, OperationKey.random());
    assertThat(again.attempts()).isOne();
    assertThat(time.slept).isEmpty();
  }
}
