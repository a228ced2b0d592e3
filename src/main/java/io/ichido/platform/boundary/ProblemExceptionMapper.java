package io.ichido.platform.boundary;

import io.ichido.platform.control.ProblemException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

@Provider
public class ProblemExceptionMapper implements ExceptionMapper<ProblemException> {

  @Override
  public Response toResponse(ProblemException failure) {
    return Problem.of(failure.status(), failure.type(), failure.title(), failure.getMessage())
        .toResponse();
  }
}
