package io.ichido.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.client.Invocation;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.time.Clock;

/**
 * One try through a Jakarta REST client (or a MicroProfile Rest Client's {@code Response}): the
 * answer, read enough to decide on a retry, with the {@code Response} for the caller.
 */
public final class JaxRsTries {

  public static final String KEY_HEADER = "Idempotency-Key";
  public static final String REPLAYED_HEADER = "Idempotency-Replayed";

  private static final ObjectMapper JSON = new ObjectMapper();

  private JaxRsTries() {}

  /** Invokes {@code invocation} (built with the operation's key) and reads its answer. */
  public static Retries.Try<Response> send(Invocation invocation) {
    Response response;
    try {
      response = invocation.invoke();
    } catch (ProcessingException noAnswer) {
      return new Retries.Try<>(new Outcome.NoAnswer(noAnswer), null);
    }
    return read(response);
  }

  /**
   * The outcome of an answer already received. A problem body is buffered, so that the caller can
   * still read it.
   */
  public static Retries.Try<Response> read(Response response) {
    String type = "";
    MediaType media = response.getMediaType();
    if (media != null && "problem+json".equals(media.getSubtype()) && response.hasEntity()) {
      response.bufferEntity();
      type = problemType(response.readEntity(String.class));
    }
    return new Retries.Try<>(
        new Outcome.Answered(
            response.getStatus(),
            type,
            RetryAfter.parse(response.getHeaderString("Retry-After"), Clock.systemUTC()),
            "true".equalsIgnoreCase(response.getHeaderString(REPLAYED_HEADER))),
        response);
  }

  /** The last segment of a problem's {@code type}, or "" when the body says none. */
  static String problemType(String body) {
    try {
      JsonNode problem = JSON.readTree(body);
      String type = problem == null ? "" : problem.path("type").asText("");
      return type.substring(type.lastIndexOf('/') + 1);
    } catch (IOException notJson) {
      return "";
    }
  }
}
