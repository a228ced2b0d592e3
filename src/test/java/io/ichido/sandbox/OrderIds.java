package io.ichido.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which order a request or a payment is about, in the one form faults, chaos and per-order settings
 * are scoped by: the order id as the ledger keeps it ({@code 42}). Ichido sends gateways its
 * reference {@code ORDER-<id>}, a later attempt of the same order {@code ORDER-<id>-<n>}; both are
 * order {@code <id>}, so that a test's fault also hits the retries of its order under a new
 * reference.
 */
final class OrderIds {

  private static final String PREFIX = "ORDER-";

  /** Ichido's reference or the ledger's form of it: {@code [ORDER-]<id>[-<n>]}. */
  private static final Pattern ICHIDO = Pattern.compile("(?:ORDER-)?(\\d+)(?:-\\d+)?");

  /** PayPay's {@code orderDescription} as Ichido writes it. */
  private static final Pattern DESCRIPTION = Pattern.compile("Order (\\d+)");

  private OrderIds() {}

  /**
   * The order of an id as the ledger or the control API gives it ({@code 42}, {@code 42-2}, {@code
   * ORDER-42}): {@code 42}; empty for none. An id that is not Ichido's (the sandbox's own tests use
   * any text) stays as the ledger keeps it, without {@code ORDER-}.
   */
  static Optional<String> of(String id) {
    if (id == null || id.isBlank()) {
      return Optional.empty();
    }
    Matcher ichido = ICHIDO.matcher(id);
    String order = ichido.matches() ? ichido.group(1) : LedgerEntry.orderId(id);
    return order.isBlank() ? Optional.empty() : Optional.of(order);
  }

  /**
   * The order of a text that may be Ichido's reference ({@code ORDER-<id>[-<n>]}); empty for any
   * other text, since a free text such as Omise's description or search query names no order unless
   * it is our reference.
   */
  static Optional<String> ofReference(String text) {
    return text != null && text.startsWith(PREFIX) ? of(text) : Optional.empty();
  }

  /** The order of PayPay's {@code orderDescription}, {@code Order <id>} as Ichido writes it. */
  static Optional<String> ofDescription(String description) {
    Matcher matcher = DESCRIPTION.matcher(description == null ? "" : description);
    return matcher.matches() ? Optional.of(matcher.group(1)) : Optional.empty();
  }

  /**
   * An order named in a control request ({@code "order":42} or {@code "order":"42"}): null when the
   * field is absent or null.
   *
   * @throws IllegalArgumentException for anything but a non-blank string or an integer
   */
  static String fromJson(JsonNode value, String field) {
    if (value == null || value.isNull() || value.isMissingNode()) {
      return null;
    }
    if (!value.isTextual() && !value.isIntegralNumber()) {
      throw new IllegalArgumentException(field + " must be an order id, a string or an integer.");
    }
    return of(value.asText())
        .orElseThrow(() -> new IllegalArgumentException(field + " must not be blank."));
  }
}
