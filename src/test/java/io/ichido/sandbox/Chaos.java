package io.ichido.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Random misbehaviour of every gateway request, reproducible through its seed. Without {@code
 * modes} it draws from the transport modes only; answers that lie ({@code alter_amount}, {@code
 * alter_currency}) come only when listed.
 */
record Chaos(double probability, Long seed, List<FaultMode> modes, long delayMillis) {

  Chaos {
    if (!(probability >= 0 && probability <= 1)) {
      throw new IllegalArgumentException("probability must be between 0 and 1.");
    }
    modes = modes.isEmpty() ? FaultMode.transport() : List.copyOf(modes);
    if (delayMillis < 0) {
      throw new IllegalArgumentException("delayMillis must not be negative.");
    }
  }

  /** The body of {@code POST /_sandbox/chaos}; only {@code probability} is required. */
  static Chaos fromJson(JsonNode body) {
    if (body == null || !body.isObject() || !body.path("probability").isNumber()) {
      throw new IllegalArgumentException("A JSON object with a numeric probability is required.");
    }
    List<FaultMode> modes = new ArrayList<>();
    body.path("modes").forEach(mode -> modes.add(FaultMode.fromWire(mode.asText())));
    JsonNode seed = body.get("seed");
    return new Chaos(
        body.get("probability").asDouble(),
        seed == null || seed.isNull() ? null : seed.asLong(),
        modes,
        body.path("delayMillis").asLong(Fault.DEFAULT_DELAY_MILLIS));
  }

  Random random() {
    return seed == null ? new Random() : new Random(seed);
  }
}
