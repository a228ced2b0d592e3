package io.ichido.platform.boundary;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

/** Anything unforeseen: logged with an incident id that the answer carries, nothing else leaks. */
@Provider
public class UnexpectedFailureMapper implements ExceptionMapper<Throwable> {

  private static final Logger LOG = Logger.getLogger(UnexpectedFailureMapper.class.getName());

  @Override
  public Response toResponse(Throwable failure) {
    String incident = UUID.randomUUID().toString();
    LOG.log(Level.SEVERE, "Unexpected failure, incident " + incident, failure);
    return Problem.of(
            500,
            "internal-error",
            "Internal error",
            "The request failed unexpectedly (incident " + incident + "). It is safe to retry.")
        .toResponse();
  }
}
