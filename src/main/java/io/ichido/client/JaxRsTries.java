package io.ichido.client;

import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.client.Invocation;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Clock;
import java.util.function.Supplier;

/**
 * One try through a Jakarta REST client (or a MicroProfile Rest Client's {@code Response}): the
 * answer, read enough to decide on a retry, with the {@code Response} for the caller.
 */
public final class JaxRsTries {

  private JaxRsTries() {}

  /** Invokes {@code invocation} (built with the operation's key) and reads its answer. */
  public static Retries.Try<Response> send(Invocation invocation) {
    return call(invocation::invoke);
  }

  /**
   * Calls a MicroProfile Rest Client method that returns a {@code Response} (with the client's
   * default exception mapper off, {@code microprofile.rest.client.disable.default.mapper=true}, so
   * that a 409 or a 503 comes back as an answer, not as an exception).
   */
  public static Retries.Try<Response> call(Supplier<Response> method) {
    Response response;
    try {
      response = method.get();
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
      type = Wire.problemType(response.readEntity(String.class));
    }
    return new Retries.Try<>(
        new Outcome.Answered(
            response.getStatus(),
            type,
            RetryAfter.parse(response.getHeaderString("Retry-After"), Clock.systemUTC()),
            "true".equalsIgnoreCase(response.getHeaderString(Wire.REPLAYED_HEADER))),
        response);
  }
}
