package io.ichido.sandbox;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** One HTTP request, read completely, with the path relative to its gateway's prefix. */
record SandboxRequest(String method, String path, String query, Headers headers, byte[] body) {

  static SandboxRequest read(HttpExchange exchange, String prefix) throws IOException {
    String rawPath = exchange.getRequestURI().getRawPath();
    String path = rawPath.startsWith(prefix) ? rawPath.substring(prefix.length()) : rawPath;
    byte[] body;
    try (InputStream in = exchange.getRequestBody()) {
      body = in.readAllBytes();
    }
    return new SandboxRequest(
        exchange.getRequestMethod(),
        path.isEmpty() ? "/" : path,
        exchange.getRequestURI().getRawQuery(),
        exchange.getRequestHeaders(),
        body);
  }

  String header(String name) {
    return headers.getFirst(name);
  }

  boolean is(String method, String path) {
    return this.method.equalsIgnoreCase(method) && this.path.equals(path);
  }

  /** The id after {@code prefix} when the path is {@code prefix + id} and the method matches. */
  String idAfter(String method, String prefix) {
    if (!this.method.equalsIgnoreCase(method) || !path.startsWith(prefix)) {
      return null;
    }
    String id = path.substring(prefix.length());
    return id.isEmpty() || id.contains("/") ? null : id;
  }

  /**
   * The id in {@code prefix + id + suffix} ({@code /charges/{id}/refunds}) when the method matches,
   * or null.
   */
  String idBetween(String method, String prefix, String suffix) {
    if (!this.method.equalsIgnoreCase(method)
        || !path.startsWith(prefix)
        || !path.endsWith(suffix)
        || path.length() <= prefix.length() + suffix.length()) {
      return null;
    }
    String id = path.substring(prefix.length(), path.length() - suffix.length());
    return id.contains("/") ? null : id;
  }

  String text() {
    return new String(body, StandardCharsets.UTF_8);
  }

  Map<String, String> form() {
    return Form.parse(text());
  }

  Map<String, String> queryParameters() {
    return Form.parse(query);
  }
}
