package io.ichido.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;

/**
 * One misbehaviour to apply to the next {@code times} matching requests. {@code gateway} and {@code
 * match} may be {@code *}; {@code delayMillis} is how long {@code timeout} and {@code delay} hold
 * the request.
 */
record Fault(String gateway, String match, FaultMode mode, int times, long delayMillis) {

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
  }

  /** The body of {@code POST /_sandbox/faults}; only {@code mode} is required. */
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
        body.path("delayMillis").asLong(DEFAULT_DELAY_MILLIS));
  }

  boolean matches(String requestGateway, String key) {
    return (ANY.equals(gateway) || gateway.equals(requestGateway))
        && (ANY.equals(match) || match.equals(key));
  }

  Fault withTimes(int remaining) {
    return new Fault(gateway, match, mode, remaining, delayMillis);
  }
}
