package io.ichido.sandbox;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** An answer not yet sent, so that it can be kept for replays, delayed or never sent at all. */
record SandboxResponse(int status, Map<String, String> headers, byte[] body) {

  SandboxResponse {
    headers = Map.copyOf(headers);
  }

  static SandboxResponse json(int status, Object body) {
    return new SandboxResponse(
        status, Map.of("Content-Type", "application/json; charset=utf-8"), Json.bytes(body));
  }

  static SandboxResponse html(int status, String html) {
    return new SandboxResponse(
        status,
        Map.of("Content-Type", "text/html; charset=utf-8"),
        html.getBytes(StandardCharsets.UTF_8));
  }

  static SandboxResponse redirect(String location) {
    return new SandboxResponse(302, Map.of("Location", location), new byte[0]);
  }

  /** 303: the browser follows with a GET, whatever method it came with. */
  static SandboxResponse seeOther(String location) {
    return new SandboxResponse(303, Map.of("Location", location), new byte[0]);
  }

  static SandboxResponse noContent() {
    return new SandboxResponse(204, Map.of(), new byte[0]);
  }

  SandboxResponse withHeader(String name, String value) {
    Map<String, String> more = new LinkedHashMap<>(headers);
    more.put(name, value);
    return new SandboxResponse(status, more, body);
  }

  SandboxResponse withBody(byte[] newBody) {
    return new SandboxResponse(status, headers, newBody);
  }

  void writeTo(HttpExchange exchange) throws IOException {
    headers.forEach((name, value) -> exchange.getResponseHeaders().set(name, value));
    boolean bodyless = body.length == 0 || status == 204 || status == 304;
    exchange.sendResponseHeaders(status, bodyless ? -1 : body.length);
    if (!bodyless) {
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    }
    exchange.close();
  }
}
