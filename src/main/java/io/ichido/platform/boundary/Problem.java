package io.ichido.platform.boundary;

import com.fasterxml.jackson.annotation.JsonInclude;
import jakarta.ws.rs.core.Response;
import java.util.List;

/** An RFC 9457 problem detail. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Problem(
    String type, String title, int status, String detail, List<Violation> violations) {

  public static final String MEDIA_TYPE = "application/problem+json";
  public static final String TYPE_BASE = "https://ichido.dev/problems/";

  /** One field that failed validation. */
  public record Violation(String field, String message) {}

  public static Problem of(int status, String type, String title, String detail) {
    return new Problem(TYPE_BASE + type, title, status, detail, null);
  }

  public Response toResponse() {
    return Response.status(status).type(MEDIA_TYPE).entity(this).build();
  }
}
