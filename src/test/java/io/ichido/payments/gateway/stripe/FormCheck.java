package io.ichido.payments.gateway.stripe;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A form or query parameter in Stripe's bracket notation ({@code metadata[order_id]}, {@code
 * payment_method_types[0]}, {@code payment_method_data[billing_details][name]}) checked against the
 * schema of the object it belongs to: each bracket must name a field the schema has (an index for
 * an array), and the value must fit the type and enum where the path ends. An empty value fits any
 * object or array: it is how Stripe's forms unset one.
 */
final class FormCheck {

  private static final Pattern NAME = Pattern.compile("([^\\[\\]]+)((?:\\[[^\\[\\]]*\\])*)");
  private static final Pattern SEGMENT = Pattern.compile("\\[([^\\[\\]]*)\\]");

  private final StripeSpec spec;

  FormCheck(StripeSpec spec) {
    this.spec = spec;
  }

  /** The name's segments, {@code a[b][0]} as {@code [a, b, 0]}; empty for a malformed name. */
  static List<String> segments(String name) {
    Matcher whole = NAME.matcher(name);
    if (!whole.matches()) {
      return List.of();
    }
    List<String> segments = new ArrayList<>(List.of(whole.group(1)));
    Matcher bracket = SEGMENT.matcher(whole.group(2));
    while (bracket.find()) {
      segments.add(bracket.group(1));
    }
    return segments;
  }

  /** The field a parameter belongs to: {@code metadata} of {@code metadata[order_id]}. */
  static String root(String name) {
    List<String> segments = segments(name);
    return segments.isEmpty() ? name : segments.get(0);
  }

  /** What is wrong with {@code name=value} under {@code schema}; empty when it fits. */
  List<String> problems(String name, String value, JsonNode schema) {
    List<String> segments = segments(name);
    if (segments.isEmpty()) {
      return List.of("not in bracket notation");
    }
    return problems(segments, 0, value, schema);
  }

  private List<String> problems(List<String> segments, int at, String value, JsonNode schema) {
    if (schema.has("$ref")) {
      return problems(segments, at, value, spec.resolve(schema.get("$ref").asText()));
    }
    JsonNode branches = schema.has("anyOf") ? schema.get("anyOf") : schema.get("oneOf");
    if (branches != null) {
      List<String> closest = null;
      for (JsonNode branch : branches) {
        List<String> found = problems(segments, at, value, branch);
        if (found.isEmpty()) {
          return found;
        }
        closest = closest == null || found.size() < closest.size() ? found : closest;
      }
      return closest == null ? List.of() : closest;
    }
    String type = SchemaCheck.type(schema);
    if (at == segments.size()) {
      return leaf(value, type, schema);
    }
    String segment = segments.get(at);
    if ("array".equals(type)) {
      return segment.matches("\\d+")
          ? problems(segments, at + 1, value, schema.path("items"))
          : List.of("[" + segment + "] is no index of the array " + segments.get(at - 1));
    }
    if (!"object".equals(type) && type != null) {
      return List.of("type " + type + " has no [" + segment + "]");
    }
    JsonNode properties = schema.get("properties");
    JsonNode additional = schema.get("additionalProperties");
    if (properties != null && properties.has(segment)) {
      return problems(segments, at + 1, value, properties.get(segment));
    }
    if (additional != null && additional.isObject()) {
      return problems(segments, at + 1, value, additional);
    }
    boolean anyField = additional != null ? additional.asBoolean(false) : properties == null;
    return anyField ? List.of() : List.of("no parameter " + segment + " here");
  }

  private static List<String> leaf(String value, String type, JsonNode schema) {
    if (schema.has("enum")) {
      for (JsonNode allowed : schema.get("enum")) {
        if (allowed.asText().equals(value)) {
          return List.of();
        }
      }
      return List.of("'" + value + "' is not one of " + schema.get("enum"));
    }
    boolean fits =
        type == null
            || switch (type) {
              case "integer" -> value.matches("-?\\d+");
              case "number" -> value.matches("-?\\d+(\\.\\d+)?");
              case "boolean" -> value.equals("true") || value.equals("false");
              case "object", "array" -> value.isEmpty();
              default -> true;
            };
    return fits ? List.of() : List.of("'" + value + "' is not of type " + type);
  }
}
