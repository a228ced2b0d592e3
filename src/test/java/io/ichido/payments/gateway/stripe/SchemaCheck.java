package io.ichido.payments.gateway.stripe;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A JSON value checked against an OpenAPI 3.0 schema, in as much of the dialect as Stripe's
 * document uses: {@code $ref}, {@code anyOf}/{@code oneOf}/{@code allOf}, {@code nullable}, {@code
 * enum}, {@code type}, {@code properties}, {@code required}, {@code additionalProperties}, {@code
 * items}. A field the schema does not name is a mismatch unless the schema takes any: Stripe's
 * free-form hashes are objects without {@code properties} ({@code use_stripe_sdk}) or with {@code
 * additionalProperties} ({@code metadata}). {@code oneOf} is read as {@code anyOf}: Stripe's
 * branches are alternatives (an id or the expanded object), never meant to exclude each other.
 */
final class SchemaCheck {

  private final StripeSpec spec;
  private final List<Mismatch> mismatches = new ArrayList<>();
  private int fields;

  SchemaCheck(StripeSpec spec) {
    this.spec = spec;
  }

  List<Mismatch> mismatches() {
    return List.copyOf(mismatches);
  }

  /** How many object fields were held against a schema, nested ones included. */
  int fields() {
    return fields;
  }

  /** Checks {@code value}, found at {@code where}, against {@code schema}. */
  void value(String where, JsonNode value, JsonNode schema) {
    if (schema.has("$ref")) {
      value(where, value, spec.resolve(schema.get("$ref").asText()));
      return;
    }
    if (value.isNull()) {
      if (!schema.path("nullable").asBoolean(false)) {
        mismatch(where, "null, but the schema is not nullable");
      }
      return;
    }
    JsonNode branches = schema.has("anyOf") ? schema.get("anyOf") : schema.get("oneOf");
    if (branches != null) {
      anyOf(where, value, branches);
    }
    for (JsonNode part : schema.path("allOf")) {
      value(where, value, part);
    }
    if (schema.has("enum") && !contains(schema.get("enum"), value)) {
      mismatch(where, value + " is not one of " + schema.get("enum"));
    }
    String type = type(schema);
    if (type == null) {
      return;
    }
    switch (type) {
      case "object" -> object(where, value, schema);
      case "array" -> array(where, value, schema);
      case "string" -> expect(where, value, value.isTextual(), type);
      case "integer" -> expect(where, value, value.isIntegralNumber(), type);
      case "number" -> expect(where, value, value.isNumber(), type);
      case "boolean" -> expect(where, value, value.isBoolean(), type);
      default -> mismatch(where, "the schema's type " + type + " is unknown to this check");
    }
  }

  /** The declared type, or the one {@code properties} or {@code items} imply; null for any. */
  static String type(JsonNode schema) {
    if (schema.has("type")) {
      return schema.get("type").asText();
    }
    if (schema.has("properties") || schema.has("additionalProperties")) {
      return "object";
    }
    return schema.has("items") ? "array" : null;
  }

  /**
   * The first branch that fits without a mismatch counts; else the closest one's mismatches, a
   * branch of the value's own kind (an expanded object, not the id it could have been) first.
   */
  private void anyOf(String where, JsonNode value, JsonNode branches) {
    SchemaCheck closest = null;
    for (JsonNode branch : branches) {
      SchemaCheck attempt = new SchemaCheck(spec);
      attempt.value(where, value, branch);
      if (attempt.mismatches.isEmpty()) {
        fields += attempt.fields;
        return;
      }
      if (closest == null || attempt.distance(where) < closest.distance(where)) {
        closest = attempt;
      }
    }
    if (closest != null) {
      fields += closest.fields;
      mismatches.addAll(closest.mismatches);
    }
  }

  /** How far a failed branch is from fitting: a value of another kind is furthest. */
  private int distance(String where) {
    boolean otherKind = mismatches.stream().anyMatch(mismatch -> mismatch.where().equals(where));
    return otherKind ? Integer.MAX_VALUE : mismatches.size();
  }

  private void object(String where, JsonNode value, JsonNode schema) {
    if (!value.isObject()) {
      mismatch(where, "type object expected, got " + value);
      return;
    }
    JsonNode properties = schema.get("properties");
    JsonNode additional = schema.get("additionalProperties");
    for (Map.Entry<String, JsonNode> field : value.properties()) {
      String at = where + "." + field.getKey();
      if (properties != null && properties.has(field.getKey())) {
        fields++;
        value(at, field.getValue(), properties.get(field.getKey()));
      } else if (additional != null && additional.isObject()) {
        fields++;
        value(at, field.getValue(), additional);
      } else if (takesAnyField(properties, additional)) {
        fields++;
      } else {
        mismatch(at, "no such field in the schema");
      }
    }
    for (JsonNode required : schema.path("required")) {
      if (!value.has(required.asText())) {
        mismatch(where + "." + required.asText(), "required, missing");
      }
    }
  }

  /** A free-form object: no fields named, or {@code additionalProperties: true}. */
  private static boolean takesAnyField(JsonNode properties, JsonNode additional) {
    return additional != null ? additional.asBoolean(false) : properties == null;
  }

  private void array(String where, JsonNode value, JsonNode schema) {
    if (!value.isArray()) {
      mismatch(where, "type array expected, got " + value);
      return;
    }
    JsonNode items = schema.get("items");
    for (int i = 0; items != null && i < value.size(); i++) {
      value(where + "[" + i + "]", value.get(i), items);
    }
  }

  private static boolean contains(JsonNode allowed, JsonNode value) {
    for (JsonNode candidate : allowed) {
      if (candidate.equals(value)) {
        return true;
      }
    }
    return false;
  }

  private void expect(String where, JsonNode value, boolean fits, String type) {
    if (!fits) {
      mismatch(where, "type " + type + " expected, got " + value);
    }
  }

  private void mismatch(String where, String problem) {
    mismatches.add(new Mismatch(where, problem));
  }
}
