package io.ichido.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * Random misbehaviour of gateway requests, reproducible through its seed. Without {@code modes} it
 * draws from the transport modes only; answers that lie ({@code alter_amount}, {@code
 * alter_currency}) come only when listed. Without {@code orders} it applies to every request; with
 * them only to the requests about those orders ({@link Gateway#orderOf}), so that a test's chaos
 * leaves the tests beside it alone.
 */
record Chaos(
    double probability, Long seed, List<FaultMode> modes, long delayMillis, List<String> orders) {

  Chaos {
    if (!(probability >= 0 && probability <= 1)) {
      throw new IllegalArgumentException("probability must be between 0 and 1.");
    }
    modes = modes.isEmpty() ? FaultMode.transport() : List.copyOf(modes);
    if (delayMillis < 0) {
      throw new IllegalArgumentException("delayMillis must not be negative.");
    }
    Set<String> distinct = new LinkedHashSet<>();
    for (String order : orders) {
      distinct.add(
          OrderIds.of(order)
              .orElseThrow(() -> new IllegalArgumentException("orders must not be blank.")));
    }
    orders = List.copyOf(distinct);
  }

  /** Chaos for every request. */
  Chaos(double probability, Long seed, List<FaultMode> modes, long delayMillis) {
    this(probability, seed, modes, delayMillis, List.of());
  }

  /**
   * The body of {@code POST /_sandbox/chaos}; only {@code probability} is required. {@code orders},
   * when present, is a non-empty array of order ids (strings or integers): an empty one is refused
   * rather than read as chaos for every order.
   */
  static Chaos fromJson(JsonNode body) {
    if (body == null || !body.isObject() || !body.path("probability").isNumber()) {
      throw new IllegalArgumentException("A JSON object with a numeric probability is required.");
    }
    List<FaultMode> modes = new ArrayList<>();
    body.path("modes").forEach(mode -> modes.add(FaultMode.fromWire(mode.asText())));
    JsonNode seed = body.get("seed");
    List<String> orders = new ArrayList<>();
    JsonNode named = body.get("orders");
    if (named != null && !named.isNull()) {
      if (!named.isArray() || named.isEmpty()) {
        throw new IllegalArgumentException(
            "orders must be a non-empty array of order ids; leave it out for chaos on every order.");
      }
      named.forEach(order -> orders.add(OrderIds.fromJson(order, "orders")));
    }
    return new Chaos(
        body.get("probability").asDouble(),
        seed == null || seed.isNull() ? null : seed.asLong(),
        modes,
        body.path("delayMillis").asLong(Fault.DEFAULT_DELAY_MILLIS),
        orders);
  }

  boolean scoped() {
    return !orders.isEmpty();
  }

  /** The same chaos for {@code fewer} of its orders. */
  Chaos withOrders(List<String> fewer) {
    return new Chaos(probability, seed, modes, delayMillis, fewer);
  }

  Random random() {
    return seed == null ? new Random() : new Random(seed);
  }
}
