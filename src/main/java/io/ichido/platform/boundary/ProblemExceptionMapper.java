package io.ichido.platform.boundary;

import io.ichido.platform.control.ProblemException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** Every domain failure of ours leaves here, as the problem its exception names. */
@Provider
public class ProblemExceptionMapper implements ExceptionMapper<ProblemException> {

  @Override
  public Response toResponse(ProblemException failure) {
    return answer(failure);
  }

  static Response answer(ProblemException failure) {
    Response.ResponseBuilder answer = Response.fromResponse(problem(failure).toResponse());
    if (failure.retryAfterSeconds() > 0) {
      answer.header(HttpHeaders.RETRY_AFTER, failure.retryAfterSeconds());
    }
    return answer.build();
  }

  static Problem problem(ProblemException failure) {
    return new Problem(
        Problem.TYPE_BASE + failure.type(),
        failure.title(),
        failure.status(),
        failure.getMessage(),
        null,
        failure.extensions());
  }
}
