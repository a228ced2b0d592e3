package io.ichido.platform.boundary;

import com.fasterxml.jackson.core.JacksonException;
import io.ichido.platform.control.ProblemException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** The JAX-RS runtime's own refusals (404, 405, 415, ...) as problems. */
@Provider
public class WebApplicationExceptionMapper implements ExceptionMapper<WebApplicationException> {

  @Override
  public Response toResponse(WebApplicationException failure) {
    Response original = failure.getResponse();
    if (original.hasEntity()) {
      return original;
    }
    for (Throwable cause = failure.getCause(); cause != null; cause = cause.getCause()) {
      if (cause instanceof JacksonException json) {
        return JsonFailureMapper.problem(json);
      }
      if (cause instanceof ProblemException problem) {
        // e.g. a parameter converter's refusal, which JAX-RS makes us wrap.
        return ProblemExceptionMapper.answer(problem);
      }
    }
    int status = original.getStatus();
    Response.Status known = Response.Status.fromStatusCode(status);
    String title = known == null ? "HTTP " + status : known.getReasonPhrase();
    Response.ResponseBuilder answer = Response.status(status);
    // Keep what the runtime said besides the body, e.g. Allow on a 405.
    original
        .getHeaders()
        .forEach(
            (name, values) -> {
              if (!name.equalsIgnoreCase("Content-Type")) {
                values.forEach(v -> answer.header(name, v));
              }
            });
    return answer
        .type(Problem.MEDIA_TYPE)
        .entity(Problem.of(status, slug(status), title, detail(status)))
        .build();
  }

  private static String slug(int status) {
    return switch (status) {
      case 400 -> "bad-request";
      case 401 -> "unauthorized";
      case 403 -> "forbidden";
      case 404 -> "not-found";
      case 405 -> "method-not-allowed";
      case 406 -> "not-acceptable";
      case 413 -> "payload-too-large";
      case 415 -> "unsupported-media-type";
      default -> status >= 500 ? "server-error" : "http-" + status;
    };
  }

  private static String detail(int status) {
    return switch (status) {
      case 404 -> "No such resource.";
      case 405 -> "This resource does not support that HTTP method.";
      case 406 -> "This resource cannot answer in any of the accepted media types.";
      case 415 -> "Send the body as application/json.";
      default -> "The request could not be processed.";
    };
  }
}
