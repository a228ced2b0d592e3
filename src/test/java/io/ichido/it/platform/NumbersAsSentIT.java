package io.ichido.it.platform;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ichido.it.support.Api;
import io.ichido.it.support.Db;
import io.ichido.it.support.OnSharedDeployment;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Numbers exactly as sent: every integer field of every JSON request body the served OpenAPI
 * document describes is sent a fraction, a whole number written as a fraction, a string, a boolean
 * and a value beyond its range, and each is a 400 problem naming that field, with nothing stored
 * under the request's key. The walk reads the document, so a field added later is walked too.
 */
class NumbersAsSentIT extends OnSharedDeployment {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  /** Who may call an operation: the walk tries them in turn until one is let in. */
  private static final List<String> CALLERS = List.of("shop-a", "operator", "auditor");

  /** One integer field of one operation's body: where it sits, and the bounds the schema gives. */
  record Field(String method, String path, String pointer, JsonNode schema) {}

  @Test
  @DisplayName(
      "every integer field of every request body: a fraction, a string, a boolean or a value out of"
          + " range is a 400 naming the field, and nothing is stored")
  void everyIntegerFieldTakesOnlyIntegers() throws IOException {
    JsonNode document = openApi();
    List<Field> fields = integerFields(document);

    // The walk found the fields this test was written for: a document that lost them would
    // otherwise pass by walking nothing.
    assertThat(fields)
        .extracting(f -> f.method() + " " + f.path() + " " + f.pointer())
        .contains(
            "POST /api/orders /items/0/quantity",
            "POST /api/payments/charge /amount",
            "POST /api/payments/charge /order_id",
            "POST /api/orders/{id}/refunds /amount");

    List<String> refusedWrongly = new ArrayList<>();
    int requests = 0;
    for (Field field : fields) {
      for (Map.Entry<String, JsonNode> bad : badValues(field.schema()).entrySet()) {
        String key = "nas-" + UUID.randomUUID();
        ObjectNode body = bodyWith(field.pointer(), bad.getValue());
        HttpResponse<String> answer = send(field, key, body);
        requests++;
        String seen = field.method() + " " + field.path() + " " + field.pointer() + " = ";
        if (answer.statusCode() != 400
            || !answer.headers().firstValue("Content-Type").orElse("").contains("problem+json")
            || !namesField(answer.body(), field.pointer())) {
          refusedWrongly.add(
              seen + bad.getKey() + ": " + answer.statusCode() + " " + answer.body());
        }
        assertThat(Db.count("SELECT count(*) FROM idempotency_key WHERE idem_key = ?", key))
            .as(seen + bad.getKey() + ": stored under its key")
            .isZero();
      }
    }
    System.out.printf(
        "NumbersAsSentIT: %d integer fields of %d operations, %d requests%n",
        fields.size(),
        fields.stream().map(f -> f.method() + f.path()).distinct().count(),
        requests);
    assertThat(refusedWrongly).isEmpty();
  }

  @Test
  @DisplayName(
      "every integer query parameter: a fraction, a word, a boolean or a value beyond a long is a"
          + " 400 problem naming the parameter")
  void everyIntegerQueryParameterTakesOnlyIntegers() {
    JsonNode document = openApi();
    List<String> walked = new ArrayList<>();
    List<String> refusedWrongly = new ArrayList<>();
    for (Map.Entry<String, JsonNode> path : document.path("paths").properties()) {
      for (Map.Entry<String, JsonNode> operation : path.getValue().properties()) {
        for (JsonNode parameter : operation.getValue().path("parameters")) {
          JsonNode resolved = resolve(document, parameter);
          if (!resolved.path("in").asText().equals("query")
              || !resolve(document, resolved.path("schema"))
                  .path("type")
                  .asText()
                  .equals("integer")) {
            continue;
          }
          String name = resolved.path("name").asText();
          String method = operation.getKey().toUpperCase();
          walked.add(method + " " + path.getKey() + " ?" + name);
          for (String bad : List.of("1.5", "1.0", "ten", "true", "9223372036854775808")) {
            String target = path.getKey().replaceAll("\\{[^}]+}", "1") + "?" + name + "=" + bad;
            HttpResponse<String> answer = sendEmpty(method, target);
            if (answer.statusCode() != 400
                || !answer.headers().firstValue("Content-Type").orElse("").contains("problem+json")
                || !answer.body().contains(name)) {
              refusedWrongly.add(
                  method + " " + target + ": " + answer.statusCode() + " " + answer.body());
            }
          }
        }
      }
    }
    System.out.printf("NumbersAsSentIT: %d integer query parameters%n", walked.size());
    assertThat(walked).contains("GET /api/audit/payment-log ?minAmount", "GET /api/review ?limit");
    assertThat(refusedWrongly).isEmpty();
  }

  @Test
  @DisplayName(
      "the amounts a client names exactly: 1296.9 is no charge of 1,296, \"100\" no refund")
  void theTriedOnes() {
    Api shop = Api.as("shop-a");
    HttpResponse<String> charge =
        shop.postJson(
            "/api/payments/charge",
            "nas-" + UUID.randomUUID(),
            "{\"order_id\":1,\"amount\":1296.9,\"currency\":\"JPY\",\"gateway\":\"stripe\","
                + "\"method\":\"card\",\"token\":\"pm_card_visa\"}");
    HttpResponse<String> refund =
        shop.postJson("/api/orders/1/refunds", "nas-" + UUID.randomUUID(), "{\"amount\":\"100\"}");
    HttpResponse<String> half =
        shop.postJson("/api/orders/1/refunds", "nas-" + UUID.randomUUID(), "{\"amount\":1.5}");

    assertThat(charge.statusCode()).isEqualTo(400);
    assertThat(json(charge.body()).at("/violations/0/field").asText()).isEqualTo("amount");
    assertThat(refund.statusCode()).isEqualTo(400);
    assertThat(json(refund.body()).at("/violations/0/field").asText()).isEqualTo("amount");
    assertThat(half.statusCode()).isEqualTo(400);
    assertThat(json(half.body()).at("/violations/0/message").asText()).contains("integer");
  }

  private static JsonNode openApi() {
    HttpResponse<String> doc =
        Api.send(
            Api.anonymous().request("/openapi").header("Accept", "application/json").GET().build());
    assertThat(doc.statusCode()).isEqualTo(200);
    return json(doc.body());
  }

  /** Every integer field of every JSON request body, arrays entered at their first element. */
  private static List<Field> integerFields(JsonNode document) {
    List<Field> fields = new ArrayList<>();
    for (Map.Entry<String, JsonNode> path : document.path("paths").properties()) {
      for (String method : List.of("post", "put", "patch")) {
        JsonNode schema =
            path.getValue()
                .path(method)
                .path("requestBody")
                .path("content")
                .path("application/json")
                .path("schema");
        if (!schema.isMissingNode()) {
          collect(document, schema, "", method.toUpperCase(), path.getKey(), fields);
        }
      }
    }
    return fields;
  }

  private static void collect(
      JsonNode document,
      JsonNode schema,
      String pointer,
      String method,
      String path,
      List<Field> fields) {
    JsonNode resolved = resolve(document, schema);
    String type = resolved.path("type").asText("");
    if (type.equals("integer")) {
      fields.add(new Field(method, path, pointer, resolved));
    } else if (type.equals("array")) {
      collect(document, resolved.path("items"), pointer + "/0", method, path, fields);
    } else {
      for (Map.Entry<String, JsonNode> property : resolved.path("properties").properties()) {
        collect(
            document, property.getValue(), pointer + "/" + property.getKey(), method, path, fields);
      }
    }
  }

  private static JsonNode resolve(JsonNode document, JsonNode schema) {
    JsonNode resolved = schema;
    while (resolved.has("$ref")) {
      resolved = document.at(resolved.get("$ref").asText().substring(1));
    }
    // allOf: [{$ref}] with constraints beside it, as generators write a referenced field.
    if (resolved.has("allOf") && resolved.get("allOf").size() == 1) {
      ObjectNode merged = resolve(document, resolved.get("allOf").get(0)).deepCopy();
      resolved.properties().forEach(e -> merged.set(e.getKey(), e.getValue()));
      merged.remove("allOf");
      return merged;
    }
    return resolved;
  }

  /**
   * What no integer field may take, by name; a value beyond the schema's bounds where it has one.
   */
  private static Map<String, JsonNode> badValues(JsonNode schema) {
    Map<String, JsonNode> bad = new LinkedHashMap<>();
    bad.put("1.5", NODES.numberNode(new java.math.BigDecimal("1.5")));
    bad.put("1.0", NODES.numberNode(new java.math.BigDecimal("1.0")));
    bad.put("\"100\"", NODES.textNode("100"));
    bad.put("true", NODES.booleanNode(true));
    bad.put("2^63", NODES.numberNode(new java.math.BigInteger("9223372036854775808")));
    if (schema.has("maximum")) {
      java.math.BigInteger beyond =
          schema.get("maximum").bigIntegerValue().add(java.math.BigInteger.ONE);
      bad.put("maximum + 1 (" + beyond + ")", NODES.numberNode(beyond));
    }
    if (schema.has("minimum")) {
      java.math.BigInteger below =
          schema.get("minimum").bigIntegerValue().subtract(java.math.BigInteger.ONE);
      bad.put("minimum - 1 (" + below + ")", NODES.numberNode(below));
    }
    return bad;
  }

  /** A body holding only the field, at its place: the field is what the answer must name. */
  private static ObjectNode bodyWith(String pointer, JsonNode value) {
    ObjectNode root = NODES.objectNode();
    String[] steps = pointer.substring(1).split("/");
    JsonNode container = root;
    for (int i = 0; i < steps.length; i++) {
      boolean last = i == steps.length - 1;
      boolean nextIsIndex = !last && steps[i + 1].matches("\\d+");
      JsonNode child = last ? value : nextIsIndex ? NODES.arrayNode() : NODES.objectNode();
      if (container instanceof ObjectNode object) {
        object.set(steps[i], child);
      } else {
        ((ArrayNode) container).add(child);
      }
      container = child;
    }
    return root;
  }

  private static HttpResponse<String> send(Field field, String key, ObjectNode body) {
    return send(field.method(), field.path().replaceAll("\\{[^}]+}", "1"), key, body.toString());
  }

  private static HttpResponse<String> sendEmpty(String method, String target) {
    boolean bodiless = method.equals("GET") || method.equals("DELETE");
    return send(method, target, "nas-" + UUID.randomUUID(), bodiless ? null : "{}");
  }

  /** As the first of {@link #CALLERS} that is let in (the last one's answer if none is). */
  private static HttpResponse<String> send(String method, String target, String key, String body) {
    HttpResponse<String> answer = null;
    for (String caller : CALLERS) {
      answer =
          Api.send(
              Api.as(caller)
                  .request(target)
                  .header("Content-Type", "application/json")
                  .header("Idempotency-Key", key)
                  .method(
                      method,
                      body == null
                          ? java.net.http.HttpRequest.BodyPublishers.noBody()
                          : java.net.http.HttpRequest.BodyPublishers.ofString(body))
                  .build());
      if (answer.statusCode() != 401 && answer.statusCode() != 403) {
        return answer;
      }
    }
    return answer;
  }

  /** The problem names the field: as JSON Pointer's path in dots and brackets, or its last name. */
  private static boolean namesField(String body, String pointer) {
    String dotted = pointer.substring(1).replaceAll("/(\\d+)", "[$1]").replace('/', '.');
    JsonNode problem = json(body);
    for (JsonNode violation : problem.path("violations")) {
      if (violation.path("field").asText().equals(dotted)) {
        return true;
      }
    }
    return problem.path("detail").asText().contains("'" + dotted + "'");
  }

  private static JsonNode json(String body) {
    try {
      return JSON.readTree(body);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
