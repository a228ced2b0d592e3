package io.ichido.idempotency.boundary;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ichido.idempotency.entity.StoredResponse;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The layer's own answers: RFC 9457 problems and replays of stored responses. The layer ships as a
 * jar of its own that knows nothing of the application's problem mappers, and its answers are
 * written by filters ({@code abortWith}) before any mapper runs, so it builds them here, in the
 * same shape the application's {@code Problem} has.
 */
final class IdempotencyProblems {

  static final String PROBLEM_JSON = "application/problem+json";
  static final String TYPE_BASE = "https://ichido.dev/problems/";

  private static final ObjectMapper JSON = new ObjectMapper();

  private IdempotencyProblems() {}

  static Response missingKey() {
    return problem(
        400,
        "idempotency-key-missing",
        "Idempotency-Key required",
        "This endpoint requires an Idempotency-Key header; send a unique value per operation and"
            + " reuse it when you retry.");
  }

  static Response missingKeyInBody(Object pointer) {
    return problem(
        400,
        "idempotency-key-missing",
        "Idempotency key required",
        "This endpoint takes its idempotency key from the JSON body's "
            + pointer
            + " (or the Idempotency-Key header); send a unique value per operation and reuse it"
            + " when you retry.");
  }

  static Response invalidKey(String reason) {
    return problem(
        400, "idempotency-key-invalid", "Idempotency-Key invalid", "The " + reason + ".");
  }

  static Response inUse(long retryAfterSeconds) {
    return Response.fromResponse(
            problem(
                409,
                "idempotency-key-in-use",
                "Idempotency-Key in use",
                "A request with this Idempotency-Key is still being processed; retry after "
                    + retryAfterSeconds
                    + " s to receive its answer."))
        .header(HttpHeaders.RETRY_AFTER, retryAfterSeconds)
        .build();
  }

  static Response reused() {
    return problem(
        422,
        "idempotency-key-reused",
        "Idempotency-Key reused",
        "This Idempotency-Key was already used for a different request (method, path or body)."
            + " Use a new key for a new operation.");
  }

  static Response tooLarge(int limit) {
    return problem(
        413,
        "payload-too-large",
        "Request body too large",
        "The request body is larger than " + limit + " bytes.");
  }

  static Response tooDeep(int limit) {
    return problem(
        400,
        "request-too-deep",
        "Request body nests too deeply",
        "The JSON body nests arrays and objects deeper than " + limit + " levels.");
  }

  static Response unscoped() {
    return problem(
        500,
        "idempotency-scope-missing",
        "Idempotency scope missing",
        "This endpoint is reachable without authentication but does not say whose"
            + " Idempotency-Keys these are, so it refuses requests without a signed-in caller."
            + " Its operators must name a scope header.");
  }

  static Response invalidScopeHeader(String header, boolean missing, String reason) {
    return problem(
        400,
        missing ? "idempotency-scope-header-missing" : "idempotency-scope-header-invalid",
        header + (missing ? " required" : " invalid"),
        "The " + header + " header is " + (missing ? "required" : "invalid") + ": " + reason + ".");
  }

  static Response layerInactive() {
    return problem(
        500,
        "idempotency-layer-inactive",
        "Idempotency layer inactive",
        "This endpoint runs only under the idempotency layer, which is not active on this server;"
            + " the request was not run. The server log says what is missing.");
  }

  static Response replay(StoredResponse stored) {
    if (stored.bodyDropped()) {
      return notStored(stored);
    }
    Response.ResponseBuilder replay = Response.status(stored.status());
    if (stored.body() != null) {
      replay.entity(stored.body());
    }
    if (stored.contentType() != null) {
      replay.header(HttpHeaders.CONTENT_TYPE, stored.contentType());
    }
    if (stored.location() != null) {
      replay.header(HttpHeaders.LOCATION, stored.location());
    }
    return replay
        .header("Idempotency-Replayed", "true")
        .header("Idempotent-Replayed", "true")
        .build();
  }

  /**
   * The replay of an answer whose body was too large to keep: 409, naming the first answer's status
   * and {@code Location} (also as the header), so the client knows the request ran and where its
   * result is. Marked as a replay: the endpoint did not run again.
   */
  static Response notStored(StoredResponse stored) {
    Map<String, Object> extra = new LinkedHashMap<>();
    extra.put("original_status", stored.status());
    if (stored.location() != null) {
      extra.put("location", stored.location());
    }
    Response.ResponseBuilder answer =
        Response.fromResponse(
                problem(
                    409,
                    "idempotency-response-not-stored",
                    "Answer not stored",
                    "The request with this Idempotency-Key was run and answered "
                        + stored.status()
                        + ", but its answer ("
                        + stored.droppedBytes()
                        + " bytes) was too large to keep for replays"
                        + (stored.location() == null
                            ? "."
                            : "; its result is at " + stored.location() + ".")
                        + " The request was not run again.",
                    extra))
            .header("Idempotency-Replayed", "true")
            .header("Idempotent-Replayed", "true");
    if (stored.location() != null) {
      answer.header(HttpHeaders.LOCATION, stored.location());
    }
    return answer.build();
  }

  /**
   * {@code answer} with {@code Idempotency-Key-Expires}: when the key it used is forgotten, as an
   * HTTP date (a request with it after that runs as new); unchanged when that is not known.
   */
  static Response withExpiry(Response answer, Instant expiresAt) {
    if (expiresAt == null) {
      return answer;
    }
    return Response.fromResponse(answer).header(EXPIRES, httpDate(expiresAt)).build();
  }

  private static final DateTimeFormatter IMF_FIXDATE =
      DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.ENGLISH);

  /** The response header that says when the request's key expires. */
  static final String EXPIRES = "Idempotency-Key-Expires";

  /** {@code instant} as an IMF-fixdate (RFC 9110, 5.6.7), to the second, rounded up. */
  static String httpDate(Instant instant) {
    Instant second = instant.truncatedTo(ChronoUnit.SECONDS);
    if (second.isBefore(instant)) {
      second = second.plusSeconds(1);
    }
    return IMF_FIXDATE.format(second.atOffset(ZoneOffset.UTC));
  }

  private static Response problem(int status, String type, String title, String detail) {
    return problem(status, type, title, detail, Map.of());
  }

  private static Response problem(
      int status, String type, String title, String detail, Map<String, Object> extra) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("type", TYPE_BASE + type);
    body.put("title", title);
    body.put("status", status);
    body.put("detail", detail);
    body.putAll(extra);
    try {
      return Response.status(status)
          .header(HttpHeaders.CONTENT_TYPE, PROBLEM_JSON)
          .entity(JSON.writeValueAsBytes(body))
          .build();
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("A map of strings always serializes", e);
    }
  }
}
