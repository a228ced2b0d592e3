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
 * {@link OrderCancels} against a JDK HTTP server that answers from a script: the key made once is
 * sent on every try, {@code payment-in-doubt} and 503 are retried after at least {@code
 * Retry-After}, a refused cancel is final after one try. Waits go to a clock the test moves.
 */
class OrderCancelsTest {

  private static final ObjectMapper JSON = new ObjectMapper();

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
  private OrderCancels cancels;

  @BeforeEach
  void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/", this::answer);
    server.start();
    cancels =
        new OrderCancels(
            HttpClient.newHttpClient(),
            URI.create("http://localhost:" + server.getAddress().getPort() + "/"),
            request -> request.header("Authorization", "Basic c2hvcC1hOnNob3AtYS1zZWNyZXQ="),
            Retries.of(RetryPolicy.DEFAULT).with(time, new SplittableRandom(7), time::sleep),
            Duration.ofSeconds(5));
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
        cancels.cancel(42, key, "customer said \"no\" \\ twice");

    assertThat(result.settled()).isTrue();
    assertThat(result.attempts()).isEqualTo(3);
    assertThat(result.value().statusCode()).isEqualTo(200);
    assertThat(result.value().body()).contains("CANCELLED");
    assertThat(seen).hasSize(3);
    for (Seen one : seen) {
      assertThat(one.method()).isEqualTo("POST");
      assertThat(one.path()).isEqualTo("/api/orders/42/cancel");
      assertThat(one.key()).isEqualTo("cancel-order-42-click-1");
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

    Retries.Result<HttpResponse<String>> result = cancels.cancel(42, OperationKey.random());

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
        cancels.cancel(7, new OperationKey("cancel-order-7"));

    assertThat(result.settled()).isFalse();
    assertThat(result.attempts()).isEqualTo(RetryPolicy.DEFAULT.maxAttempts());
    assertThat(seen).extracting(Seen::key).containsOnly("cancel-order-7");
  }
}
