package io.ichido.payments.gateway.stripe;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Stripe's OpenAPI document as far as Ichido speaks it: the subset kept in {@code
 * gateway-specs/stripe} (its {@code SOURCE.md} says where it comes from and how it was cut).
 */
final class StripeSpec {

  static final String RESOURCE = "/gateway-specs/stripe/spec3-subset.json";

  /** One operation: its query parameters, its form body's schema, its answers by status. */
  record Operation(String id, JsonNode parameters, JsonNode form, JsonNode responses) {

    /**
     * The query parameters as one object schema, each parameter a field, so that {@code expand[0]}
     * is checked as a form field is; {@code required} lists the required ones.
     */
    JsonNode query() {
      ObjectNode query = JsonNodeFactory.instance.objectNode().put("type", "object");
      query.put("additionalProperties", false);
      ObjectNode properties = query.putObject("properties");
      ArrayNode required = query.putArray("required");
      for (JsonNode parameter : parameters) {
        properties.set(parameter.path("name").asText(), parameter.path("schema"));
        if (parameter.path("required").asBoolean(false)) {
          required.add(parameter.path("name").asText());
        }
      }
      return query;
    }

    /** The schema of the answer with {@code status}: its own, else Stripe's error. */
    JsonNode answer(int status) {
      JsonNode own = responses.get(Integer.toString(status));
      return own != null ? own : responses.get("default");
    }
  }

  private final JsonNode document;

  private StripeSpec(JsonNode document) {
    this.document = document;
  }

  static StripeSpec load() {
    try (InputStream in = StripeSpec.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("No " + RESOURCE + " on the test class path");
      }
      return new StripeSpec(new ObjectMapper().readTree(in));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The API version the document describes, {@code info.version}. */
  String version() {
    return document.path("info").path("version").asText();
  }

  /** A component schema by name ({@code payment_intent}); fails for one the subset lacks. */
  JsonNode schema(String name) {
    JsonNode schema = document.path("components").path("schemas").get(name);
    if (schema == null) {
      throw new IllegalArgumentException("The subset has no schema " + name);
    }
    return schema;
  }

  /** The schema a {@code $ref} ({@code #/components/schemas/charge}) names. */
  JsonNode resolve(String ref) {
    return schema(ref.substring(ref.lastIndexOf('/') + 1));
  }

  /**
   * The operation answering {@code method} on {@code path}: a literal path before a template, so
   * that {@code /v1/payment_intents/search} is never read as the intent {@code search}.
   */
  Optional<Operation> operation(String method, String path) {
    JsonNode paths = document.path("paths");
    JsonNode literal = paths.path(path).get(method.toLowerCase(Locale.ROOT));
    if (literal != null) {
      return Optional.of(operation(literal));
    }
    for (Map.Entry<String, JsonNode> entry : paths.properties()) {
      JsonNode found = entry.getValue().get(method.toLowerCase(Locale.ROOT));
      if (found != null && matches(entry.getKey(), path)) {
        return Optional.of(operation(found));
      }
    }
    return Optional.empty();
  }

  private static Operation operation(JsonNode node) {
    return new Operation(
        node.path("operationId").asText(),
        node.path("parameters"),
        node.get("requestBody"),
        node.path("responses"));
  }

  /** Whether {@code path} fits {@code template}, each {@code {name}} one segment. */
  private static boolean matches(String template, String path) {
    String[] expected = template.split("/");
    String[] actual = path.split("/");
    if (expected.length != actual.length) {
      return false;
    }
    for (int i = 0; i < expected.length; i++) {
      if (!expected[i].startsWith("{") && !expected[i].equals(actual[i])) {
        return false;
      }
    }
    return true;
  }
}
