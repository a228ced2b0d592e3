package io.ichido.sandbox;

import java.util.List;
import java.util.Map;

/** One webhook request the receiver got. */
record Received(String path, Map<String, List<String>> headers, String body) {

  String header(String name) {
    List<String> values = headers.get(name);
    return values == null ? null : values.get(0);
  }
}
