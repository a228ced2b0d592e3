package io.ichido.idempotency.boundary;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ichido.idempotency.entity.StoredResponse;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import java.util.LinkedHashMap;
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

  private static Response problem(int status, String type, String title, String detail) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("type", TYPE_BASE + type);
    body.put("title", title);
    body.put("status", status);
    body.put("detail", detail);
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
