package io.ichido.payments.control;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.platform.control.Json;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.eclipse.microprofile.rest.client.RestClientBuilder;

/** What the Rest Client based adapters share: building clients, calling, reading answers. */
public final class GatewayHttp {

  private GatewayHttp() {}

  public static <T> T client(Class<T> api, String baseUrl, GatewaySettings settings) {
    return RestClientBuilder.newBuilder()
        .baseUri(URI.create(baseUrl))
        .connectTimeout(settings.connectTimeout().toMillis(), TimeUnit.MILLISECONDS)
        .readTimeout(settings.readTimeout().toMillis(), TimeUnit.MILLISECONDS)
        // Answers are classified here, status by status; no exception for 4xx.
        .property("microprofile.rest.client.disable.default.mapper", true)
        .build(api);
  }

  public static String basic(String secretKey) {
    return "Basic "
        + Base64.getEncoder().encodeToString((secretKey + ":").getBytes(StandardCharsets.UTF_8));
  }

  /** A gateway answer: its status and its JSON body (empty object when there was none). */
  public record Answer(int status, JsonNode body) {
    public boolean ok() {
      return status >= 200 && status < 300;
    }
  }

  /**
   * Calls the gateway. Connection failures, timeouts, 429 and 5xx become {@link
   * GatewayUnavailable}: the same request may be sent again under the same key.
   */
  public static Answer call(String gateway, Supplier<Response> request) {
    TextAnswer answer = callForText(gateway, request);
    String text = answer.body();
    try {
      return new Answer(
          answer.status(),
          text.isBlank() ? Json.MAPPER.createObjectNode() : Json.MAPPER.readTree(text));
    } catch (IOException garbled) {
      throw new GatewayUnavailable(gateway, "unreadable answer, HTTP " + answer.status(), garbled);
    }
  }

  /** An answer whose body is not JSON (2C2P's Payment Maintenance API answers a JWS). */
  public record TextAnswer(int status, String body) {}

  /** As {@link #call}, the body left as the gateway wrote it. */
  public static TextAnswer callForText(String gateway, Supplier<Response> request) {
    try (Response response = request.get()) {
      int status = response.getStatus();
      String text = response.hasEntity() ? response.readEntity(String.class) : "";
      if (status == 429 || status >= 500) {
        throw new GatewayUnavailable(gateway, status);
      }
      return new TextAnswer(status, text);
    } catch (ProcessingException unreachable) {
      throw new GatewayUnavailable(gateway, describe(unreachable), unreachable);
    }
  }

  /**
   * Refuses to read a 401, 403 or 404 as anything about the payment: such an answer is about our
   * call ({@link GatewayRefusedCall}).
   */
  public static void requireAccepted(String gateway, Answer answer, String code) {
    GatewayRefusedCall.Why why = GatewayRefusedCall.byStatus(answer.status());
    if (why != null) {
      throw new GatewayRefusedCall(gateway, why, answer.status(), String.valueOf(code));
    }
  }

  private static String describe(Throwable failure) {
    Throwable root = failure;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return root.getClass().getSimpleName();
  }

  public static String text(JsonNode node, String field) {
    JsonNode value = node.path(field);
    return value.isMissingNode() || value.isNull() ? null : value.asText();
  }

  /**
   * A sum of money the gateway stated, exactly as it stated it: a JSON integer from 0 up, in the
   * smallest unit. Anything else (a fraction, a string, a number beyond a long, a negative, no
   * value at all) is a word we do not know: the answer says nothing about the money.
   */
  public static long amount(String gateway, JsonNode node, String field) {
    JsonNode value = node.path(field);
    if (value.isIntegralNumber() && value.canConvertToLong() && value.longValue() >= 0) {
      return value.longValue();
    }
    throw new UnheardWord(
        gateway, "an amount (" + field + ")", value.isMissingNode() ? "none" : value.toString());
  }

  /**
   * As {@link #amount}, of a movement that may be negative (money leaving: Stripe's balance
   * transaction of a dispute's withdrawal).
   */
  public static long signedAmount(String gateway, JsonNode node, String field) {
    JsonNode value = node.path(field);
    if (value.isIntegralNumber() && value.canConvertToLong()) {
      return value.longValue();
    }
    throw new UnheardWord(
        gateway, "an amount (" + field + ")", value.isMissingNode() ? "none" : value.toString());
  }

  /** As {@link #amount}, where the gateway may leave the field out: {@code otherwise} then. */
  public static long amountOr(String gateway, JsonNode node, String field, long otherwise) {
    JsonNode value = node.path(field);
    return value.isMissingNode() || value.isNull() ? otherwise : amount(gateway, node, field);
  }
}
