package io.ichido.webhooks.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ichido.payments.gateway.SignatureFrame;
import io.ichido.payments.gateway.WebhookRejected;
import jakarta.ws.rs.core.HttpHeaders;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.assertj.core.api.AbstractThrowableAssert;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;

/** The shared fixture of the dialect tests: settings, request headers and body edits. */
public final class Deliveries {

  public static final String OLD_SECRET = "an-old-secret-still-configured";
  public static final Duration TOLERANCE = Duration.ofMinutes(5);
  public static final Duration RETENTION = Duration.ofDays(30);

  private static final ObjectMapper JSON = new ObjectMapper();

  private Deliveries() {}

  /** Settings with these webhook secrets for every gateway and these plain values. */
  static WebhookSettings settings(List<String> secrets, Map<String, String> values) {
    WebhookSettings settings =
        new WebhookSettings() {
          @Override
          public List<String> secrets(String gateway) {
            return secrets;
          }

          @Override
          public String value(String name) {
            String value = values.get(name);
            if (value == null) {
              throw new IllegalArgumentException("no " + name + " in this test");
            }
            return value;
          }
        };
    settings.tolerance = TOLERANCE;
    settings.retention = RETENTION;
    settings.lease = Duration.ofMinutes(2);
    settings.inFlightWait = Duration.ofSeconds(5);
    settings.maxBodyBytes = 65536;
    return settings;
  }

  /** The HMAC-SHA256 the frame compares with, for a test that signs bytes of its own. */
  public static byte[] hmacSha256(byte[] key, byte[]... parts) {
    return Signatures.hmacSha256(key, parts);
  }

  /** The frame the gateways' dialects are checked in, over those settings. */
  public static SignatureFrame frame(List<String> secrets, Map<String, String> values) {
    return WebhookSignatureFrame.of(settings(secrets, values));
  }

  static WebhookClock clock(WebhookSettings settings) {
    WebhookClock clock = new WebhookClock();
    clock.settings = settings;
    return clock;
  }

  /** Request headers as JAX-RS gives them: names match whatever their case. */
  public static HttpHeaders headers(Map<String, String> values) {
    Map<String, String> byName = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    byName.putAll(values);
    return (HttpHeaders)
        Proxy.newProxyInstance(
            Deliveries.class.getClassLoader(),
            new Class<?>[] {HttpHeaders.class},
            (proxy, method, args) ->
                switch (method.getName()) {
                  case "getHeaderString" -> byName.get((String) args[0]);
                  case "getLength" -> -1;
                  default -> throw new UnsupportedOperationException(method.getName());
                });
  }

  /** The JSON text with one change made, written compactly as the sandbox writes it. */
  public static String edited(String json, Consumer<ObjectNode> change) {
    try {
      ObjectNode node = (ObjectNode) JSON.readTree(json);
      change.accept(node);
      return JSON.writeValueAsString(node);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static long unixNow() {
    return Instant.now().getEpochSecond();
  }

  /** Asserts a 400 webhook-rejected whose reason contains {@code why}. */
  public static AbstractThrowableAssert<?, ? extends Throwable> rejected(
      ThrowingCallable read, String why) {
    return assertThatThrownBy(read)
        .isInstanceOf(WebhookRejected.class)
        .hasMessageContaining(why)
        .satisfies(e -> assertThat(((WebhookRejected) e).status()).isEqualTo(400));
  }
}
