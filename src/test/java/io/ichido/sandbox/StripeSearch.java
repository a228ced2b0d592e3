package io.ichido.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Stripe's PaymentIntent search, {@code GET /v1/payment_intents/search?query=...&limit=...}, for
 * the part of Stripe's search query language the sandbox understands: clauses {@code
 * metadata['key']:'value'} and {@code status:'succeeded'} (exact matches; single or double quotes,
 * a backslash escapes a quote), each optionally negated with {@code -}, joined by spaces or {@code
 * AND}, or by {@code OR}, never both, at most ten. Anything else is refused as Stripe refuses a
 * query it cannot parse. Stripe's index lags up to a minute; the sandbox finds an intent at once
 * unless an {@code index_delay} fault or a search delay made it lag ({@link Payments#add}).
 */
final class StripeSearch {

  static final String URL = "/v1/payment_intents/search";
  private static final int MAX_CLAUSES = 10;
  private static final int DEFAULT_LIMIT = 10;
  private static final int MAX_LIMIT = 100;
  private static final String METADATA = "metadata[";
  private static final String STATUS = "status";
  private static final String PAGE = "offset:";

  /** One clause: {@code metadata[key]} (or {@code status} when key is null) equals value. */
  private record Clause(String key, String value, boolean negated) {

    boolean matches(JsonNode intent) {
      JsonNode field = key == null ? intent.get(STATUS) : intent.path("metadata").get(key);
      boolean equal = field != null && field.isTextual() && field.asText().equals(value);
      return equal != negated;
    }

    /** The order the clause asks for: Ichido's reference or order id, not negated. */
    Optional<String> order() {
      if (negated || key == null) {
        return Optional.empty();
      }
      return switch (key) {
        case "reference" -> OrderIds.ofReference(value);
        case "order_id" -> OrderIds.of(value);
        default -> Optional.empty();
      };
    }
  }

  private final String query;
  private int at;

  private StripeSearch(String query) {
    this.query = query;
  }

  /**
   * The answer to a search: Stripe's {@code search_result} with up to {@code limit} intents from
   * {@code intents}, newest first; 400 for a query the sandbox cannot read.
   */
  static SandboxResponse answer(Map<String, String> parameters, Payments intents) {
    String query = parameters.get("query");
    if (query == null || query.isBlank()) {
      return StripeErrors.missing("query");
    }
    Predicate<JsonNode> matches;
    try {
      matches = new StripeSearch(query).parse()::matches;
    } catch (IllegalArgumentException e) {
      return StripeErrors.invalid("query", e.getMessage());
    }
    int limit = limit(parameters.get("limit"));
    if (limit < 0) {
      return StripeErrors.invalid("limit", "limit must be an integer between 1 and 100.");
    }
    int offset = offset(parameters.get("page"));
    if (offset < 0) {
      return StripeErrors.invalid("page", "Invalid page: " + parameters.get("page"));
    }
    List<ObjectNode> found = intents.newestFirst(matches::test);
    int end = Math.min(found.size(), offset + limit);
    boolean more = end < found.size();
    ObjectNode result = Json.object().put("object", "search_result").put("url", URL);
    result.put("has_more", more).put("next_page", more ? page(end) : null);
    found.subList(Math.min(offset, end), end).forEach(result.putArray("data")::add);
    return SandboxResponse.json(200, result);
  }

  /** The limit asked for, 10 without one, -1 for an invalid one. */
  private static int limit(String limit) {
    if (limit == null) {
      return DEFAULT_LIMIT;
    }
    int value = limit.matches("\\d{1,3}") ? Integer.parseInt(limit) : -1;
    return value >= 1 && value <= MAX_LIMIT ? value : -1;
  }

  /** The cursor Stripe calls {@code next_page}: opaque to the client, an offset here. */
  private static String page(int offset) {
    return Base64.getUrlEncoder()
        .withoutPadding()
        .encodeToString((PAGE + offset).getBytes(StandardCharsets.UTF_8));
  }

  /** Where a page starts: 0 without one, -1 for one this search never handed out. */
  private static int offset(String page) {
    if (page == null) {
      return 0;
    }
    try {
      String decoded = new String(Base64.getUrlDecoder().decode(page), StandardCharsets.UTF_8);
      return decoded.matches(PAGE + "\\d{1,9}")
          ? Integer.parseInt(decoded.substring(PAGE.length()))
          : -1;
    } catch (IllegalArgumentException notBase64) {
      return -1;
    }
  }

  /**
   * The one order a search is about: the order its clauses {@code
   * metadata['reference']:'ORDER-<id>'} or {@code metadata['order_id']:'<id>'} (not negated) name,
   * when they all name the same one and, in an OR, every clause is one of them. Empty for a query
   * naming no order or several, one that OR also finds other intents by, or one the sandbox cannot
   * read.
   */
  static Optional<String> order(String query) {
    if (query == null || query.isBlank()) {
      return Optional.empty();
    }
    Query parsed;
    try {
      parsed = new StripeSearch(query).parse();
    } catch (IllegalArgumentException unreadable) {
      return Optional.empty();
    }
    Set<String> orders = new HashSet<>();
    for (Clause clause : parsed.clauses()) {
      Optional<String> order = clause.order();
      if (order.isPresent()) {
        orders.add(order.get());
      } else if (parsed.any()) {
        return Optional.empty();
      }
    }
    return orders.size() == 1 ? Optional.of(orders.iterator().next()) : Optional.empty();
  }

  /** A parsed query: all its clauses hold (AND) or {@code any} of them (OR). */
  private record Query(List<Clause> clauses, boolean any) {

    boolean matches(JsonNode intent) {
      return any
          ? clauses.stream().anyMatch(clause -> clause.matches(intent))
          : clauses.stream().allMatch(clause -> clause.matches(intent));
    }
  }

  /** The whole query: all its clauses (AND) or any of them (OR). */
  private Query parse() {
    List<Clause> clauses = new ArrayList<>();
    Boolean any = null;
    skipSpaces();
    clauses.add(clause());
    while (at < query.length()) {
      if (!skipSpaces()) {
        throw invalid("a space, AND or OR must follow a clause");
      }
      if (at == query.length()) {
        break;
      }
      String word = keyword();
      boolean or = "OR".equals(word);
      if (any != null && any != or) {
        throw invalid("AND and OR cannot be combined in one query");
      }
      any = or;
      clauses.add(clause());
    }
    if (clauses.size() > MAX_CLAUSES) {
      throw invalid("a query has at most " + MAX_CLAUSES + " clauses");
    }
    return new Query(List.copyOf(clauses), Boolean.TRUE.equals(any));
  }

  private Clause clause() {
    boolean negated = query.startsWith("-", at);
    if (negated) {
      at++;
    }
    String key;
    if (query.startsWith(METADATA, at)) {
      at += METADATA.length();
      key = quoted();
      expect(']');
    } else if (query.startsWith(STATUS, at)) {
      at += STATUS.length();
      key = null;
    } else {
      throw invalid("the sandbox searches PaymentIntents by metadata['key'] and status only");
    }
    expect(':');
    return new Clause(key, quoted(), negated);
  }

  /** AND or OR and the spaces after it, or null (clauses side by side mean AND). */
  private String keyword() {
    for (String word : new String[] {"AND", "OR"}) {
      int end = at + word.length();
      if (query.regionMatches(true, at, word, 0, word.length())
          && end < query.length()
          && Character.isWhitespace(query.charAt(end))) {
        at = end;
        skipSpaces();
        return word.toUpperCase(Locale.ROOT);
      }
    }
    return null;
  }

  /** A value in single or double quotes; a backslash takes the next character as it is. */
  private String quoted() {
    char quote = at < query.length() ? query.charAt(at) : 0;
    if (quote != '\'' && quote != '"') {
      throw invalid("values must be quoted, as in metadata['order_id']:'6735'");
    }
    StringBuilder value = new StringBuilder();
    for (at++; at < query.length(); at++) {
      char c = query.charAt(at);
      if (c == quote) {
        at++;
        return value.toString();
      }
      if (c == '\\' && at + 1 < query.length()) {
        c = query.charAt(++at);
      }
      value.append(c);
    }
    throw invalid("a quoted value is not closed");
  }

  private void expect(char c) {
    if (at >= query.length() || query.charAt(at) != c) {
      throw invalid("expected '" + c + "' at position " + at);
    }
    at++;
  }

  /** Skips spaces; whether there were any. */
  private boolean skipSpaces() {
    int start = at;
    while (at < query.length() && Character.isWhitespace(query.charAt(at))) {
      at++;
    }
    return at > start;
  }

  private IllegalArgumentException invalid(String why) {
    return new IllegalArgumentException(
        "Invalid search query '" + query + "': " + why + " (search query language).");
  }
}
