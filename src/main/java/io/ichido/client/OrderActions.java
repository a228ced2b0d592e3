package io.ichido.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * What a merchant does to an order after placing it, through {@code java.net.http}: cancel an
 * unpaid one ({@code POST /api/orders/{id}/cancel}) or refund a paid one in whole or in part
 * ({@code POST /api/orders/{id}/refunds}), with the retry rules of every call here. The caller
 * makes the key once per operation (when the merchant presses Cancel or Refund) and every try sends
 * it; {@code payment-in-doubt} and {@code refund-in-doubt} (a charge or another refund of the order
 * is being settled), 409 in use, 429 and 5xx ({@code refund-unanswered} among them) are retried
 * after at least {@code Retry-After}; {@code order-paid-refund-instead}, {@code
 * order-not-cancellable}, {@code refund-exceeds-balance}, {@code refund-duplicate} and the other
 * refusals are final after one try.
 */
public final class OrderActions {

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
  public OrderActions(
      HttpClient client, URI base, Consumer<HttpRequest.Builder> authenticate, Retries retries) {
    this(client, base, authenticate, retries, Duration.ofSeconds(30));
  }

  /** As above, with the time one try may take before it counts as no answer. */
  public OrderActions(
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
    return post(orderId, "cancel", key, json(reason == null ? Map.of() : Map.of("reason", reason)));
  }

  /** Gives back {@code amount} (in the order's currency: yen) of the order, giving no reason. */
  public Retries.Result<HttpResponse<String>> refund(long orderId, long amount, OperationKey key)
      throws InterruptedException {
    return refund(orderId, amount, key, null);
  }

  /**
   * Gives back {@code amount} of the order; {@code reason} (at most 200 characters, or null) is
   * kept with the refund and in the payment log. The answer is the refund (201, with its return
   * invoice) or the final problem; {@link Retries.Result#settled} is false when the tries ran out:
   * the refund may be made, and is never made twice under this key, so keep it and try again later
   * with it (a new key for the same amount within minutes gets {@code refund-duplicate}).
   *
   * @throws InterruptedException when interrupted while waiting: the refund may be made; retry with
   *     the same key to learn it
   */
  public Retries.Result<HttpResponse<String>> refund(
      long orderId, long amount, OperationKey key, String reason) throws InterruptedException {
    if (amount <= 0) {
      throw new IllegalArgumentException("A refund is positive: " + amount);
    }
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("amount", amount);
    if (reason != null) {
      body.put("reason", reason);
    }
    return post(orderId, "refunds", key, json(body));
  }

  private Retries.Result<HttpResponse<String>> post(
      long orderId, String action, OperationKey key, String body) throws InterruptedException {
    if (orderId <= 0) {
      throw new IllegalArgumentException("An order id is positive: " + orderId);
    }
    URI uri = base.resolve("api/orders/" + orderId + "/" + action);
    return retries.run(
        key,
        k -> {
          HttpRequest.Builder request =
              HttpRequest.newBuilder(uri)
                  .timeout(timeout)
                  .header("Content-Type", "application/json")
                  .header(Wire.KEY_HEADER, k.headerValue())
                  .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
          authenticate.accept(request);
          return HttpClientTries.send(client, request.build());
        });
  }

  private static String json(Map<String, Object> body) {
    try {
      return JSON.writeValueAsString(body);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("A map of strings and numbers is JSON", e);
    }
  }
}
