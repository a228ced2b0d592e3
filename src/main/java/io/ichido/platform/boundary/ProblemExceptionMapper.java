package io.ichido.platform.boundary;

import io.ichido.platform.control.ProblemException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.LinkedHashMap;
import java.util.Map;

@Provider
public class ProblemExceptionMapper implements ExceptionMapper<ProblemException> {

  @Override
  public Response toResponse(ProblemException failure) {
    Problem problem =
        Problem.of(failure.status(), failure.type(), failure.title(), failure.getMessage());
    Response.ResponseBuilder answer = Response.fromResponse(problem.toResponse());
    if (!failure.extensions().isEmpty()) {
      Map<String, Object> body = new LinkedHashMap<>();
      body.put("type", problem.type());
      body.put("title", problem.title());
      body.put("status", problem.status());
      body.put("detail", problem.detail());
      body.putAll(failure.extensions());
      answer.entity(body);
    }
    if (failure.retryAfterSeconds() > 0) {
      answer.header("Retry-After", failure.retryAfterSeconds());
    }
    return answer.build();
  }
}
