package io.ichido.payments.gateway.sdk;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ichido.payments.gateway.sdk.RecordingClient.Exchange;
import io.ichido.payments.gateway.sdk.SdkType.Choice;
import io.ichido.payments.gateway.sdk.SdkType.Kind;
import io.ichido.payments.gateway.sdk.SdkType.ListOf;
import io.ichido.payments.gateway.sdk.SdkType.MapOf;
import io.ichido.payments.gateway.sdk.SdkType.Model;
import io.ichido.payments.gateway.sdk.SdkType.Scalar;
import io.ichido.payments.gateway.sdk.SdkType.SdkField;
import java.math.BigDecimal;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Checks requests and answers against an SDK's models and tells what it found. A request's path and
 * method must be one of the SDK's calls; every field sent or answered must be a field of the SDK's
 * object there, of a fitting type (a form-encoded value: its text must read as that type), an
 * enum's value one of the SDK's words, and a request must carry what the SDK's validation requires,
 * no longer than it allows. Each field our adapter reads must be a field of the SDK's object and be
 * present in the answer (a read ending in {@code ?} may be absent). A field the SDK lacks but the
 * gateway's own documentation names is tolerated when listed with its source.
 */
public final class WireCheck {

  private static final ObjectMapper JSON = new ObjectMapper();

  private enum Wire {
    ANSWER,
    JSON_REQUEST,
    FORM_REQUEST
  }

  private final String sdk;
  private final Map<String, String> tolerated = new LinkedHashMap<>();
  private final TreeSet<String> toleratedSeen = new TreeSet<>();
  private final List<String> findings = new ArrayList<>();
  private final Map<String, Integer> calls = new TreeMap<>();
  private final Map<String, int[]> byFile = new TreeMap<>();
  private int requests;
  private int documents;
  private int fields;
  private int words;
  private int reads;
  private int unkept;

  /** {@code sdk}: the SDK as the summary names it (repository and commit). */
  public WireCheck(String sdk) {
    this.sdk = sdk;
  }

  /** Lets {@code model}'s {@code field}, which the SDK lacks, pass for the reason {@code why}. */
  public WireCheck tolerate(String model, String field, String why) {
    tolerated.put(model + "." + field, why);
    return this;
  }

  /**
   * Each exchange: its call found among {@code operations}, its request checked against the call's
   * models, its answer against the call's answer (a 2xx) or {@code error}, with {@code reads} (by
   * call name; {@code errorReads} for errors) what our adapter reads of it.
   */
  public void exchanges(
      List<Exchange> exchanges,
      List<SdkOperation> operations,
      SdkType error,
      Map<String, List<String>> reads,
      List<String> errorReads) {
    for (Exchange exchange : exchanges) {
      List<SdkOperation> matching =
          operations.stream().filter(o -> o.matches(exchange.method(), exchange.path())).toList();
      if (matching.size() != 1) {
        found("%s: %d of the SDK's calls are this request", exchange, matching.size());
        continue;
      }
      SdkOperation call = matching.get(0);
      calls.merge(call.name(), 1, Integer::sum);
      request(exchange, call);
      boolean ok = exchange.status() >= 200 && exchange.status() < 300;
      List<String> read = ok ? reads.getOrDefault(call.name(), List.of()) : errorReads;
      answer(exchange.toString(), parse(exchange.answer()), ok ? call.answer() : error, read);
    }
  }

  /** Any other JSON the gateway sends (a webhook, a fixture) against {@code type}. */
  public void document(String what, JsonNode document, SdkType type, List<String> read) {
    documents++;
    answer(what, document, type, read);
  }

  public List<String> findings() {
    return List.copyOf(findings);
  }

  public int requests() {
    return requests;
  }

  public int documents() {
    return documents;
  }

  public int fields() {
    return fields;
  }

  /** What was checked against which of the SDK's files, and what was found. */
  public String summary() {
    StringBuilder out = new StringBuilder();
    out.append(
        String.format(
            "%s: %d requests and their answers, %d other documents; %d fields, %d words of enums"
                + " and %d reads of our adapter checked; %d values of classes not kept\n  calls: %s",
            sdk, requests, documents, fields, words, reads, unkept, calls));
    byFile.forEach(
        (file, tally) ->
            out.append(String.format("\n  %s: %d objects, %d fields", file, tally[0], tally[1])));
    toleratedSeen.forEach(tolerance -> out.append("\n  tolerated: ").append(tolerance));
    out.append("\n  findings: ").append(findings.isEmpty() ? "none" : findings.size());
    findings.forEach(finding -> out.append("\n    ").append(finding));
    return out.toString();
  }

  private void request(Exchange exchange, SdkOperation call) {
    requests++;
    String where = exchange.method() + " " + exchange.path();
    if (exchange.query() != null) {
      if (call.query() == null) {
        found("%s sends a query; the SDK's %s has none", where, call);
      } else {
        compare(where + " query", form(query(exchange.query())), call.query(), Wire.FORM_REQUEST);
      }
    }
    if (exchange.body() == null) {
      return;
    }
    if (call.body() == null) {
      found("%s sends a body; the SDK's %s sends none", where, call);
    } else if (exchange.body() instanceof Map<?, ?> form) {
      compare(where + " form", form(form), call.body(), Wire.FORM_REQUEST);
    } else {
      compare(where + " body", parse(exchange.body().toString()), call.body(), Wire.JSON_REQUEST);
    }
  }

  private void answer(String where, JsonNode answer, SdkType type, List<String> read) {
    compare(where, answer, type, Wire.ANSWER);
    for (String path : read) {
      reads++;
      boolean optional = path.endsWith("?");
      String steps = optional ? path.substring(0, path.length() - 1) : path;
      read(where, answer, type, Arrays.asList(steps.split("\\.")), optional, steps);
    }
  }

  private void compare(String where, JsonNode value, SdkType type, Wire wire) {
    if (value.isNull()) {
      if (type instanceof Scalar scalar && scalar.primitive()) {
        found("%s is null; the SDK holds it in a Java primitive", where);
      }
      return;
    }
    if (type instanceof Scalar scalar) {
      if (!fits(value, scalar.kind(), wire)) {
        found("%s is %s; the SDK's type is %s", where, value, scalar.kind());
      }
    } else if (type instanceof Choice choice) {
      words++;
      if (!value.isTextual() || !choice.values().contains(value.asText())) {
        found("%s is %s, not a word of %s %s", where, value, choice.name(), choice.values());
      }
    } else if (type instanceof ListOf list) {
      if (!value.isArray()) {
        found("%s is %s; the SDK's is a list", where, value.getNodeType());
      }
      for (int i = 0; i < value.size(); i++) {
        compare(where + "[" + i + "]", value.get(i), list.element(), wire);
      }
    } else if (type instanceof MapOf map) {
      if (!value.isObject()) {
        found("%s is %s; the SDK's is a map", where, value.getNodeType());
      }
      for (Map.Entry<String, JsonNode> entry : value.properties()) {
        compare(where + "." + entry.getKey(), entry.getValue(), map.value(), wire);
      }
    } else if (type instanceof Model model) {
      model(where, value, model, wire);
    } else {
      unkept++;
    }
  }

  private void model(String where, JsonNode value, Model model, Wire wire) {
    if (!value.isObject()) {
      found("%s is %s; the SDK's %s is an object", where, value.getNodeType(), model);
      return;
    }
    int[] tally = byFile.computeIfAbsent(model.file(), file -> new int[2]);
    tally[0]++;
    String owner = model.name().replaceAll("<.*", "");
    for (Map.Entry<String, JsonNode> entry : value.properties()) {
      fields++;
      tally[1]++;
      SdkField field = model.fields().get(entry.getKey());
      String name = owner + "." + entry.getKey();
      if (field == null && tolerated.containsKey(name)) {
        toleratedSeen.add(name + ": " + tolerated.get(name));
      } else if (field == null) {
        found(
            "%s: %s is no field of the SDK's %s (%s)", where, entry.getKey(), model, model.file());
      } else {
        compare(where + "." + entry.getKey(), entry.getValue(), field.type(), wire);
      }
    }
    if (wire == Wire.ANSWER) {
      return;
    }
    for (SdkField field : model.fields().values()) {
      JsonNode sent = value.path(field.name());
      boolean missing =
          sent.isMissingNode() || sent.isNull() || sent.isTextual() && sent.asText().isEmpty();
      if (field.required() && missing) {
        found("%s lacks %s, which the SDK's %s requires", where, field.name(), model);
      }
      if (sent.isTextual() && sent.asText().length() > field.maxLength()) {
        found("%s.%s is longer than the SDK's %d", where, field.name(), field.maxLength());
      }
    }
  }

  /** A read of our adapter: a field of the SDK's object at each step, present unless optional. */
  private void read(
      String where,
      JsonNode node,
      SdkType type,
      List<String> steps,
      boolean optional,
      String path) {
    if (steps.isEmpty()) {
      return;
    }
    String step = steps.get(0);
    boolean each = step.endsWith("[]");
    String name = each ? step.substring(0, step.length() - 2) : step;
    SdkType next;
    if (type instanceof Model model && model.fields().containsKey(name)) {
      next = model.fields().get(name).type();
    } else if (type instanceof MapOf map) {
      next = map.value();
    } else {
      found(
          "%s: our adapter reads %s, but %s is no field of the SDK's %s", where, path, name, type);
      return;
    }
    JsonNode child = node == null ? null : node.get(name);
    if (node != null && child == null && !optional) {
      found("%s: our adapter reads %s, which the answer lacks", where, path);
    }
    List<String> rest = steps.subList(1, steps.size());
    JsonNode present = child == null || child.isNull() ? null : child;
    if (!each) {
      read(where, present, next, rest, optional, path);
    } else if (!(next instanceof ListOf list)) {
      found("%s: our adapter reads %s as a list; the SDK's %s is %s", where, path, name, next);
    } else if (present == null || present.isEmpty()) {
      read(where, null, list.element(), rest, optional, path);
    } else {
      present.forEach(element -> read(where, element, list.element(), rest, optional, path));
    }
  }

  private void found(String format, Object... arguments) {
    findings.add(String.format(format, arguments));
  }

  private static boolean fits(JsonNode value, Kind kind, Wire wire) {
    if (wire == Wire.FORM_REQUEST) {
      return value.isTextual() && fitsText(value.asText(), kind);
    }
    return switch (kind) {
      case ANY -> true;
      case STRING -> value.isTextual();
      case DATE_TIME -> value.isTextual() && fitsText(value.asText(), kind);
      case INT64 -> value.isIntegralNumber() && value.canConvertToLong();
      case INT32 -> value.isIntegralNumber() && value.canConvertToInt();
      case NUMBER -> value.isNumber();
      case BOOLEAN -> value.isBoolean();
    };
  }

  private static boolean fitsText(String text, Kind kind) {
    try {
      switch (kind) {
        case INT64 -> Long.parseLong(text);
        case INT32 -> Integer.parseInt(text);
        case NUMBER -> new BigDecimal(text);
        case DATE_TIME -> DateTimeFormatter.ISO_DATE_TIME.parse(text);
        case BOOLEAN -> {
          return text.equals("true") || text.equals("false");
        }
        default -> {
          return true;
        }
      }
      return true;
    } catch (NumberFormatException | DateTimeParseException notThatType) {
      return false;
    }
  }

  /** Form or query fields as the object they stand for: {@code metadata[order_id]} nests. */
  private static JsonNode form(Map<?, ?> fields) {
    ObjectNode tree = JSON.createObjectNode();
    fields.forEach(
        (key, values) -> {
          String name = key.toString();
          String value = ((List<?>) values).get(0).toString();
          int bracket = name.indexOf('[');
          if (bracket < 0) {
            tree.put(name, value);
          } else {
            ObjectNode nested =
                tree.has(name.substring(0, bracket))
                    ? (ObjectNode) tree.get(name.substring(0, bracket))
                    : tree.putObject(name.substring(0, bracket));
            nested.put(name.substring(bracket + 1, name.length() - 1), value);
          }
        });
    return tree;
  }

  private static Map<String, List<String>> query(String raw) {
    Map<String, List<String>> fields = new LinkedHashMap<>();
    for (String pair : raw.split("&")) {
      String[] parts = pair.split("=", 2);
      fields.put(
          URLDecoder.decode(parts[0], StandardCharsets.UTF_8),
          List.of(URLDecoder.decode(parts.length > 1 ? parts[1] : "", StandardCharsets.UTF_8)));
    }
    return fields;
  }

  private static JsonNode parse(String text) {
    try {
      return text.isBlank() ? JSON.createObjectNode() : JSON.readTree(text);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("Not JSON: " + text, e);
    }
  }
}
