package io.ichido.platform.boundary;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * An RFC 9457 problem detail: the one body every failure of ours leaves with. Extension members
 * (e.g. {@code order_id}) follow the standard members at the top level.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@Schema(
    description =
        "RFC 9457 problem details. `type` names the problem ("
            + Problem.TYPE_BASE
            + "<name>); clients decide on it, not on `title` or `detail`. Some problems carry"
            + " more members (order_id, gateway, charge_id); validation-failed lists its"
            + " violations.",
    requiredProperties = {"type", "title", "status"})
public record Problem(
    @Schema(format = "uri", examples = Problem.TYPE_BASE + "order-not-found") String type,
    String title,
    int status,
    String detail,
    List<Violation> violations,
    @JsonIgnore Map<String, Object> extensions) {

  public static final String MEDIA_TYPE = "application/problem+json";
  public static final String TYPE_BASE = "https://ichido.dev/problems/";

  /** One field that failed validation. */
  public record Violation(String field, String message) {}

  public Problem {
    violations = violations == null ? null : List.copyOf(violations);
    extensions = extensions == null ? Map.of() : extensions;
  }

  /** 400 {@code validation-failed}: the request's invalid fields, each with what it must be. */
  public static Problem invalid(List<Violation> violations) {
    return new Problem(
        TYPE_BASE + "validation-failed",
        "Request invalid",
        400,
        "The request has " + violations.size() + " invalid field(s); see violations.",
        violations,
        null);
  }

  public static Problem of(int status, String type, String title, String detail) {
    return new Problem(TYPE_BASE + type, title, status, detail, null, null);
  }

  /** The extension members, written after the standard ones. */
  @JsonAnyGetter
  Map<String, Object> members() {
    return extensions;
  }

  public Response toResponse() {
    return Response.status(status).type(MEDIA_TYPE).entity(this).build();
  }
}
