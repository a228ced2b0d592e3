package io.ichido.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;
import java.util.Optional;

/**
 * One misbehaviour to apply to the next {@code times} matching requests. {@code gateway} and {@code
 * match} may be {@code *}; {@code delayMillis} is how long {@code timeout} and {@code delay} hold
 * the request. {@code order}, when not null, scopes the fault to the requests about that order
 * ({@link Gateway#orderOf}), so that tests sharing one sandbox never meet each other's faults; null
 * is a fault for requests about any order or none, as before orders were known.
 */
record Fault(
    String gateway, String match, FaultMode mode, int times, long delayMillis, String order) {

  static final String ANY = "*";
  static final long DEFAULT_DELAY_MILLIS = 30_000;

  Fault {
    Objects.requireNonNull(gateway, "A gateway (or *) is required.");
    Objects.requireNonNull(match, "A match (or *) is required.");
    Objects.requireNonNull(mode, "A mode is required.");
    if (times < 1) {
      throw new IllegalArgumentException("times must be at least 1.");
    }
    if (delayMillis < 0) {
      throw new IllegalArgumentException("delayMillis must not be negative.");
    }
    if (order != null) {
      order =
          OrderIds.of(order)
              .orElseThrow(() -> new IllegalArgumentException("order must not be blank."));
    }
  }

  /** A fault for any order. */
  Fault(String gateway, String match, FaultMode mode, int times, long delayMillis) {
    this(gateway, match, mode, times, delayMillis, null);
  }

  /**
   * The body of {@code POST /_sandbox/faults}; only {@code mode} is required. {@code order} is a
   * string or an integer.
   */
  static Fault fromJson(JsonNode body) {
    if (body == null || !body.isObject()) {
      throw new IllegalArgumentException("A JSON object is required.");
    }
    String mode = Json.text(body, "mode");
    if (mode == null) {
      throw new IllegalArgumentException("A mode is required.");
    }
    return new Fault(
        body.path("gateway").asText(ANY),
        body.path("match").asText(ANY),
        FaultMode.fromWire(mode),
        body.path("times").asInt(1),
        body.path("delayMillis").asLong(DEFAULT_DELAY_MILLIS),
        OrderIds.fromJson(body.get("order"), "order"));
  }

  /**
   * Whether a request to {@code requestGateway} under {@code key} about {@code requestOrder}
   * (empty: about no order the gateway can tell) is one of this fault's. A scoped fault never takes
   * a request about no order: it might be another test's.
   */
  boolean matches(String requestGateway, String key, Optional<String> requestOrder) {
    return (ANY.equals(gateway) || gateway.equals(requestGateway))
        && (ANY.equals(match) || match.equals(key))
        && (order == null || requestOrder.filter(order::equals).isPresent());
  }

  boolean scoped() {
    return order != null;
  }

  Fault withTimes(int remaining) {
    return new Fault(gateway, match, mode, remaining, delayMillis, order);
  }
}
