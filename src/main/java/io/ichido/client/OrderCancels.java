package io.ichido.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Cancels an unpaid order ({@code POST /api/orders/{id}/cancel}) through {@code java.net.http},
 * with the retry rules of every call here: the caller makes the key once per cancel (when the
 * merchant presses Cancel) and every try sends it; {@code payment-in-doubt} (a charge of the order
 * is being settled), 409 in use, 429 and 5xx are retried after at least {@code Retry-After}; {@code
 * order-paid-refund-instead} and {@code order-not-cancellable} are final after one try.
 */
public final class OrderCancels {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final HttpClient client;
  private final URI base;
  private final Consumer<HttpRequest.Builder> authenticate;
  private final Retries retries;
  private final Duration timeout;

  /**
   * @param base the server's root, such as {@code https://payments.example.com/}
   * @param authenticate adds the caller's credentials to each try (an {@code Authorization} header)
   */
  public OrderCancels(
      HttpClient client, URI base, Consumer<HttpRequest.Builder> authenticate, Retries retries) {
    this(client, base, authenticate, retries, Duration.ofSeconds(30));
  }

  /** As above, with the time one try may take before it counts as no answer. */
  public OrderCancels(
      HttpClient client,
      URI base,
      Consumer<HttpRequest.Builder> authenticate,
      Retries retries,
      Duration timeout) {
    this.client = Objects.requireNonNull(client, "An HTTP client is required.");
    this.base = Objects.requireNonNull(base, "The server's base URI is required.");
    this.authenticate = Objects.requireNonNull(authenticate, "Credentials are required.");
    this.retries = Objects.requireNonNull(retries, "A retry policy is required.");
    this.timeout = Objects.requireNonNull(timeout, "A timeout is required.");
  }

  /** Cancels the order, giving no reason. */
  public Retries.Result<HttpResponse<String>> cancel(long orderId, OperationKey key)
      throws InterruptedException {
    return cancel(orderId, key, null);
  }

  /**
   * Cancels the order; {@code reason} (at most 200 characters, or null) goes into the payment log.
   * The answer is the order, {@code CANCELLED}, or the final problem; {@link
   * Retries.Result#settled} is false when the tries ran out (keep the key and try again later with
   * it).
   *
   * @throws InterruptedException when interrupted while waiting: the order may be cancelled; retry
   *     with the same key to learn it
   */
  public Retries.Result<HttpResponse<String>> cancel(long orderId, OperationKey key, String reason)
      throws InterruptedException {
    if (orderId <= 0) {
      throw new IllegalArgumentException("An order id is positive: " + orderId);
    }
    String body = body(reason);
    URI uri = base.resolve("api/orders/" + orderId + "/cancel");
    return retries.run(
        key,
        k -> {
          HttpRequest.Builder request =
              HttpRequest.newBuilder(uri)
                  .timeout(timeout)
                  .header("Content-Type", "application/json")
                  .header(Wire.KEY_HEADER, k.value())
                  .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
          authenticate.accept(request);
          return HttpClientTries.send(client, request.build());
        });
  }

  private static String body(String reason) {
    try {
      return JSON.writeValueAsString(reason == null ? Map.of() : Map.of("reason", reason));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("A map of one string is JSON", e);
    }
  }
}
