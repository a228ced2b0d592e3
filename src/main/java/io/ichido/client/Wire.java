package io.ichido.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;

/** What the API's answers say, read the same way by every adapter (and no HTTP library here). */
public final class Wire {

  /** The request header that carries the operation's key. */
  public static final String KEY_HEADER = "Idempotency-Key";

  /** The answer header that says the answer is the stored one of an earlier try. */
  public static final String REPLAYED_HEADER = "Idempotency-Replayed";

  private static final ObjectMapper JSON = new ObjectMapper();

  private Wire() {}

  /** The last segment of a problem's {@code type}, or "" when the body says none. */
  public static String problemType(String body) {
    try {
      JsonNode problem = JSON.readTree(body);
      String type = problem == null ? "" : problem.path("type").asText("");
      return type.substring(type.lastIndexOf('/') + 1);
    } catch (IOException notJson) {
      return "";
    }
  }
}
