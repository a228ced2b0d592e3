package io.ichido.sandbox;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Stripe's {@code GET /v1/charges} (https://docs.stripe.com/api/charges/list): the charges that
 * took money, newest first, filtered by {@code created[gte|gt|lte|lt]} (Unix seconds) and {@code
 * payment_intent}, a page of {@code limit} (1 to 100, 10 by default) after {@code starting_after}
 * or before {@code ending_before}, with {@code has_more} (https://docs.stripe.com/api/pagination).
 * No kinder than Stripe: a parameter it does not know, a limit out of range or a cursor naming no
 * charge is refused as Stripe refuses it.
 */
final class StripeCharges {

  static final String URL = "/v1/charges";

  private static final Set<String> KNOWN =
      Set.of(
          "created[gte]",
          "created[gt]",
          "created[lte]",
          "created[lt]",
          "created",
          "customer",
          "ending_before",
          "limit",
          "payment_intent",
          "starting_after",
          "transfer_group");

  private StripeCharges() {}

  /** The page {@code query} asks for, of {@code charges} (every charge, oldest first). */
  static SandboxResponse answer(Map<String, String> query, List<ObjectNode> charges) {
    for (String parameter : query.keySet()) {
      if (!KNOWN.contains(parameter) && !parameter.startsWith("expand[")) {
        return StripeErrors.error(
            400,
            "invalid_request_error",
            "parameter_unknown",
            parameter,
            "Received unknown parameter: " + parameter);
      }
    }
    long limit;
    try {
      limit = Long.parseLong(query.getOrDefault("limit", "10"));
    } catch (NumberFormatException notANumber) {
      limit = -1;
    }
    if (limit < 1 || limit > 100) {
      return StripeErrors.error(
          400,
          "invalid_request_error",
          "parameter_invalid_integer",
          "limit",
          "This value must be greater than or equal to 1 and less than or equal to 100.");
    }
    List<ObjectNode> matching = new ArrayList<>();
    for (int i = charges.size() - 1; i >= 0; i--) {
      ObjectNode charge = charges.get(i);
      if (within(charge.path("created").asLong(), query)
          && (!query.containsKey("payment_intent")
              || query.get("payment_intent").equals(charge.path("payment_intent").asText()))) {
        matching.add(charge);
      }
    }
    int start = 0;
    int end = matching.size();
    if (query.containsKey("starting_after")) {
      Optional<Integer> at = indexOf(matching, query.get("starting_after"));
      if (at.isEmpty()) {
        return noSuchCharge(query.get("starting_after"));
      }
      start = at.get() + 1;
    } else if (query.containsKey("ending_before")) {
      Optional<Integer> at = indexOf(matching, query.get("ending_before"));
      if (at.isEmpty()) {
        return noSuchCharge(query.get("ending_before"));
      }
      end = at.get();
      start = (int) Math.max(0, end - limit);
    }
    int stop = (int) Math.min(end, start + limit);
    ObjectNode page = Json.object().put("object", "list").put("url", URL);
    ArrayNode data = page.putArray("data");
    matching.subList(start, stop).forEach(data::add);
    page.put("has_more", query.containsKey("ending_before") ? start > 0 : stop < matching.size());
    return SandboxResponse.json(200, page);
  }

  private static boolean within(long created, Map<String, String> query) {
    return bound(query, "created[gte]").map(b -> created >= b).orElse(true)
        && bound(query, "created[gt]").map(b -> created > b).orElse(true)
        && bound(query, "created[lte]").map(b -> created <= b).orElse(true)
        && bound(query, "created[lt]").map(b -> created < b).orElse(true)
        && bound(query, "created").map(b -> created == b).orElse(true);
  }

  private static Optional<Long> bound(Map<String, String> query, String name) {
    String value = query.get(name);
    if (value == null) {
      return Optional.empty();
    }
    try {
      return Optional.of(Long.parseLong(value));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("Invalid integer: " + value);
    }
  }

  private static Optional<Integer> indexOf(List<ObjectNode> charges, String id) {
    for (int i = 0; i < charges.size(); i++) {
      if (id.equals(charges.get(i).path("id").asText())) {
        return Optional.of(i);
      }
    }
    return Optional.empty();
  }

  private static SandboxResponse noSuchCharge(String id) {
    return StripeErrors.error(
        404, "invalid_request_error", "resource_missing", "id", "No such charge: '" + id + "'");
  }
}
