package io.ichido.it.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * A client that behaves as the contract tells clients to: it retries with the same key until it
 * gets a final answer (waiting out 409 in-use and 5xx, and surviving lost connections).
 */
public final class Shopper {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int MAX_TRIES = 60;

  private final Api api;
  private int retries;
  private final Map<String, Integer> retriedAfter = new TreeMap<>();

  public Shopper(Api api) {
    this.api = api;
  }

  public int retries() {
    return retries;
  }

  /** What the retries answered: "409 idempotency-key-in-use", "503 database-unavailable", ... */
  public Map<String, Integer> retriedAfter() {
    return retriedAfter;
  }

  /** Places an order for one unit of the SKU and answers its id and amount. */
  public JsonNode order(String sku, int quantity) {
    return order(sku, quantity, "soak");
  }

  /** Places an order for {@code customer}, the counterparty the payment log files it under. */
  public JsonNode order(String sku, int quantity, String customer) {
    HttpResponse<String> answer =
        untilFinal(
            "/api/orders", "order-" + UUID.randomUUID(), OrderJson.of(customer, sku, quantity));
    if (answer.statusCode() != 201) {
      throw new AssertionError("Order failed: " + answer.statusCode() + " " + answer.body());
    }
    return json(answer.body());
  }

  public static String chargeBody(JsonNode order, String gateway, String method, String token) {
    return chargeBody(order, gateway, method, token, "taro@example.jp");
  }

  /** A charge whose receipt goes to {@code email}: tests count their own customer's mail. */
  public static String chargeBody(
      JsonNode order, String gateway, String method, String token, String email) {
    return """
        {"order_id":%d,"amount":%d,"currency":"JPY","gateway":"%s","method":"%s","token":"%s",
         "name":"Taro Yamada","email":"%s","phone":"0312345678","store":"lawson"}"""
        .formatted(
            order.get("id").asLong(), order.get("amount").asLong(), gateway, method, token, email);
  }

  /** POSTs until the answer is final; 409 in-use, 5xx and lost connections are retried. */
  public HttpResponse<String> untilFinal(String path, String key, String body) {
    return untilFinal(path, () -> key, body);
  }

  /**
   * POSTs until the answer is final, with the key {@code keys} gives for each try: always the same
   * one as the contract asks, or sometimes a new one, as careless clients do. 409 in-use, 409
   * payment-in-doubt, 5xx and lost connections are retried, after {@code Retry-After} when given (a
   * second at the most).
   */
  public HttpResponse<String> untilFinal(String path, Supplier<String> keys, String body) {
    RuntimeException lastFailure = null;
    for (int attempt = 0; attempt < MAX_TRIES; attempt++) {
      try {
        HttpResponse<String> answer = api.postJson(path, keys.get(), body);
        int status = answer.statusCode();
        boolean retryable =
            status == 409
                && (answer.body().contains("idempotency-key-in-use")
                    || answer.body().contains("payment-in-doubt"));
        if (!retryable && status < 500) {
          return answer;
        }
        retries++;
        retriedAfter.merge(status + " " + problemType(answer.body()), 1, Integer::sum);
        long wait =
            answer
                .headers()
                .firstValue("Retry-After")
                .map(s -> 1000L * Long.parseLong(s))
                .orElse(200L);
        // Never more than a second: a retry sooner than Retry-After asks is answered as the one
        // before it was (409 or 503 again), and the suite keeps no sleep over a second.
        sleep(Math.min(wait, 1000));
      } catch (UncheckedIOException | IllegalStateException lost) {
        lastFailure = lost;
        retries++;
        retriedAfter.merge("no answer", 1, Integer::sum);
        sleep(200);
      }
    }
    throw new AssertionError(
        "No final answer from POST " + path + " after " + MAX_TRIES + " tries", lastFailure);
  }

  private static String problemType(String body) {
    try {
      String type = JSON.readTree(body).path("type").asText("");
      return type.substring(type.lastIndexOf('/') + 1);
    } catch (IOException notJson) {
      return "(not a problem)";
    }
  }

  public static JsonNode json(String body) {
    try {
      return JSON.readTree(body);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
