package io.ichido.it.platform;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.ichido.it.support.Await;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.function.Predicate;
import java.util.zip.GZIPInputStream;

/**
 * An OpenTelemetry collector's front door, as small as it gets: OTLP over HTTP with protobuf
 * ({@code POST /v1/traces}), every span kept in memory for the test to look at.
 */
final class OtlpReceiver {

  /** One span as it arrived: ids in hex, attributes with their plain values. */
  record ReceivedSpan(
      String service,
      String traceId,
      String spanId,
      String parentSpanId,
      String name,
      String kind,
      String status,
      long startNanos,
      Map<String, Object> attributes) {

    Object attribute(String name) {
      return attributes.get(name);
    }

    String text(String name) {
      Object value = attributes.get(name);
      return value == null ? null : value.toString();
    }
  }

  private final HttpServer server;
  private final List<ReceivedSpan> spans = new CopyOnWriteArrayList<>();

  private OtlpReceiver(HttpServer server) {
    this.server = server;
  }

  static OtlpReceiver start() {
    try {
      HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
      OtlpReceiver receiver = new OtlpReceiver(server);
      server.createContext("/v1/traces", receiver::receive);
      server.setExecutor(
          Executors.newSingleThreadExecutor(
              task -> {
                Thread thread = new Thread(task, "otlp-receiver");
                thread.setDaemon(true);
                return thread;
              }));
      server.start();
      return receiver;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** What the server's exporter is given as {@code otel.exporter.otlp.endpoint}. */
  String endpoint() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  List<ReceivedSpan> spans() {
    return List.copyOf(spans);
  }

  /** Waits until at least {@code count} spans match, and returns all that do. */
  List<ReceivedSpan> await(String what, int count, Predicate<ReceivedSpan> matching) {
    Await.until(
        count + " spans: " + what,
        Duration.ofSeconds(20),
        () -> spans.stream().filter(matching).count() >= count);
    return spans.stream().filter(matching).toList();
  }

  /**
   * The spans of one trace as an indented list, children under their parent in the order they
   * started, each with its kind and Ichido's attributes: what an operator's trace view shows.
   */
  String tree(String traceId) {
    List<ReceivedSpan> trace =
        spans.stream()
            .filter(span -> span.traceId().equals(traceId))
            .sorted(Comparator.comparingLong(ReceivedSpan::startNanos))
            .toList();
    StringBuilder out = new StringBuilder();
    trace.stream()
        .filter(span -> trace.stream().noneMatch(p -> p.spanId().equals(span.parentSpanId())))
        .forEach(root -> render(root, trace, 0, out));
    return out.toString();
  }

  private static void render(
      ReceivedSpan span, List<ReceivedSpan> trace, int depth, StringBuilder out) {
    out.append("  ".repeat(depth))
        .append(span.name())
        .append(" (")
        .append(span.kind().replace("SPAN_KIND_", "").toLowerCase(Locale.ROOT))
        .append(')');
    span.attributes()
        .forEach(
            (name, value) -> {
              if (name.startsWith("ichido.")
                  || name.equals("http.response.status_code")
                  || name.equals("error.type")) {
                out.append(' ').append(name).append('=').append(value);
              }
            });
    out.append('\n');
    trace.stream()
        .filter(child -> child.parentSpanId().equals(span.spanId()))
        .forEach(child -> render(child, trace, depth + 1, out));
  }

  private void receive(HttpExchange exchange) throws IOException {
    try (exchange) {
      if (!"POST".equals(exchange.getRequestMethod())) {
        exchange.sendResponseHeaders(405, -1);
        return;
      }
      InputStream body = exchange.getRequestBody();
      if ("gzip".equalsIgnoreCase(exchange.getRequestHeaders().getFirst("Content-Encoding"))) {
        body = new GZIPInputStream(body);
      }
      ExportTraceServiceRequest request = ExportTraceServiceRequest.parseFrom(body);
      for (ResourceSpans resource : request.getResourceSpansList()) {
        String service =
            resource.getResource().getAttributesList().stream()
                .filter(kv -> kv.getKey().equals("service.name"))
                .map(kv -> kv.getValue().getStringValue())
                .findFirst()
                .orElse(null);
        for (ScopeSpans scope : resource.getScopeSpansList()) {
          for (io.opentelemetry.proto.trace.v1.Span span : scope.getSpansList()) {
            spans.add(received(service, span));
          }
        }
      }
      byte[] answer = ExportTraceServiceResponse.getDefaultInstance().toByteArray();
      exchange.getResponseHeaders().set("Content-Type", "application/x-protobuf");
      exchange.sendResponseHeaders(200, answer.length == 0 ? -1 : answer.length);
      if (answer.length > 0) {
        exchange.getResponseBody().write(answer);
      }
    }
  }

  private static ReceivedSpan received(String service, io.opentelemetry.proto.trace.v1.Span span) {
    Map<String, Object> attributes = new LinkedHashMap<>();
    for (KeyValue attribute : span.getAttributesList()) {
      attributes.put(attribute.getKey(), plain(attribute.getValue()));
    }
    HexFormat hex = HexFormat.of();
    return new ReceivedSpan(
        service,
        hex.formatHex(span.getTraceId().toByteArray()),
        hex.formatHex(span.getSpanId().toByteArray()),
        hex.formatHex(span.getParentSpanId().toByteArray()),
        span.getName(),
        span.getKind().name(),
        span.getStatus().getCode().name(),
        span.getStartTimeUnixNano(),
        attributes);
  }

  private static Object plain(AnyValue value) {
    return switch (value.getValueCase()) {
      case STRING_VALUE -> value.getStringValue();
      case INT_VALUE -> value.getIntValue();
      case BOOL_VALUE -> value.getBoolValue();
      case DOUBLE_VALUE -> value.getDoubleValue();
      default -> value.toString();
    };
  }
}
