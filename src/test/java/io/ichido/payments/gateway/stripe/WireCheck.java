package io.ichido.payments.gateway.stripe;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ichido.payments.gateway.stripe.WireRecorder.Exchange;
import java.net.URLDecoder;
import java.util.AbstractMap.SimpleEntry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What crossed the wire, held against Stripe's document: each request's parameters against its
 * operation's, each answer against the operation's answer for its status, each webhook event
 * against Stripe's Event and its {@code data.object} against the schema of the object it says it
 * is. Counts all it checked.
 */
final class WireCheck {

  /** How much was checked. */
  record Tally(
      int requests, int parameters, int answers, int answerFields, int events, int eventFields) {

    static final Tally NONE = new Tally(0, 0, 0, 0, 0, 0);

    Tally plus(Tally other) {
      return new Tally(
          requests + other.requests,
          parameters + other.parameters,
          answers + other.answers,
          answerFields + other.answerFields,
          events + other.events,
          eventFields + other.eventFields);
    }
  }

  private static final ObjectMapper JSON = new ObjectMapper();

  private final StripeSpec spec;
  private final FormCheck forms;
  private final List<Mismatch> mismatches = new ArrayList<>();
  private final Map<String, Integer> operations = new TreeMap<>();
  private Tally tally = Tally.NONE;

  WireCheck(StripeSpec spec) {
    this.spec = spec;
    this.forms = new FormCheck(spec);
  }

  List<Mismatch> mismatches() {
    return List.copyOf(mismatches);
  }

  Tally tally() {
    return tally;
  }

  /** Requests checked, by the operation's id in the document. */
  Map<String, Integer> operations() {
    return Map.copyOf(operations);
  }

  void exchange(Exchange exchange) {
    String where = exchange.method() + " " + exchange.path();
    StripeSpec.Operation operation =
        spec.operation(exchange.method(), exchange.path()).orElse(null);
    if (operation == null) {
      mismatches.add(new Mismatch(where, "no such operation in the document"));
      return;
    }
    operations.merge(operation.id(), 1, Integer::sum);
    List<Map.Entry<String, String>> query = pairs(exchange.query());
    List<Map.Entry<String, String>> form = pairs(exchange.form());
    parameters(where + " query ", query, operation.query());
    if (operation.form() != null) {
      parameters(where + " form ", form, operation.form());
    } else if (!form.isEmpty()) {
      mismatches.add(new Mismatch(where, "a form body, but the operation takes none"));
    }
    tally = tally.plus(new Tally(1, query.size() + form.size(), 0, 0, 0, 0));
    answer(where + " " + exchange.status() + " $", exchange, operation);
  }

  void webhook(String body) {
    JsonNode event = parsed("webhook", body);
    if (event == null) {
      return;
    }
    String type = event.path("type").asText();
    SchemaCheck check = new SchemaCheck(spec);
    check.value("event " + type + " $", event, spec.schema("event"));
    JsonNode object = event.path("data").path("object");
    String name = object.path("object").asText();
    if (!name.equals(objectOf(type))) {
      mismatches.add(
          new Mismatch("event " + type, "carries a " + name + ", expected a " + objectOf(type)));
    } else {
      check.value("event " + type + " $.data.object", object, spec.schema(name));
    }
    mismatches.addAll(check.mismatches());
    tally = tally.plus(new Tally(0, 0, 0, 0, 1, check.fields()));
  }

  /** The object an event of {@code type} is about, as Stripe names its events after it. */
  private static String objectOf(String type) {
    if (type.startsWith("charge.dispute.")) {
      return "dispute";
    }
    return type.substring(0, type.lastIndexOf('.'));
  }

  private void parameters(
      String where, List<Map.Entry<String, String>> given, JsonNode objectSchema) {
    for (Map.Entry<String, String> parameter : given) {
      for (String problem :
          forms.problems(parameter.getKey(), parameter.getValue(), objectSchema)) {
        mismatches.add(new Mismatch(where + parameter.getKey(), problem));
      }
    }
    for (JsonNode required : objectSchema.path("required")) {
      boolean present =
          given.stream().anyMatch(p -> FormCheck.root(p.getKey()).equals(required.asText()));
      if (!present) {
        mismatches.add(new Mismatch(where + required.asText(), "required, missing"));
      }
    }
  }

  private void answer(String where, Exchange exchange, StripeSpec.Operation operation) {
    JsonNode schema = operation.answer(exchange.status());
    JsonNode body = parsed(where, exchange.body());
    if (schema == null || body == null) {
      if (schema == null) {
        mismatches.add(new Mismatch(where, "the document has no answer with this status"));
      }
      return;
    }
    SchemaCheck check = new SchemaCheck(spec);
    check.value(where, body, schema);
    mismatches.addAll(check.mismatches());
    tally = tally.plus(new Tally(0, 0, 1, check.fields(), 0, 0));
  }

  private JsonNode parsed(String where, String body) {
    try {
      return JSON.readTree(body);
    } catch (JsonProcessingException e) {
      mismatches.add(new Mismatch(where, "not JSON: " + e.getOriginalMessage()));
      return null;
    }
  }

  /** The pairs of a form or query string, decoded, in their order. */
  private static List<Map.Entry<String, String>> pairs(String encoded) {
    List<Map.Entry<String, String>> pairs = new ArrayList<>();
    if (encoded == null || encoded.isEmpty()) {
      return pairs;
    }
    for (String pair : encoded.split("&")) {
      int equals = pair.indexOf('=');
      String name = equals < 0 ? pair : pair.substring(0, equals);
      String value = equals < 0 ? "" : pair.substring(equals + 1);
      pairs.add(new SimpleEntry<>(URLDecoder.decode(name, UTF_8), URLDecoder.decode(value, UTF_8)));
    }
    return pairs;
  }
}
