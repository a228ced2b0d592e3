package io.ichido.platform.boundary;

import io.ichido.platform.control.DatabaseUnavailable;
import io.ichido.platform.control.ProblemException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;
import java.util.Set;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Anything unforeseen: logged with an incident id that the answer carries, nothing else leaks. A
 * database that cannot be reached (restarting, failing over, the pool cut off) is foreseen: 503
 * with {@code Retry-After}, one log line, no stack trace per request.
 */
@Provider
public class UnexpectedFailureMapper implements ExceptionMapper<Throwable> {

  private static final Logger LOG = Logger.getLogger(UnexpectedFailureMapper.class.getName());

  /**
   * SQLSTATEs that say the server, not the statement, failed: class 08 (connection exception) and
   * the operator's shutdowns and a server still starting (57P01 to 57P03).
   */
  private static final Set<String> SERVER_GONE = Set.of("57P01", "57P02", "57P03");

  @Override
  public Response toResponse(Throwable failure) {
    String incident = UUID.randomUUID().toString();
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof ProblemException problem) {
        // e.g. thrown by a bean validator, which the validation provider wraps.
        return ProblemExceptionMapper.answer(problem);
      }
    }
    SQLException unreachable = databaseUnreachable(failure);
    if (unreachable != null) {
      LOG.warning(
          () ->
              "Database unreachable, incident "
                  + incident
                  + ": SQLSTATE "
                  + unreachable.getSQLState()
                  + " "
                  + unreachable.getClass().getName());
      return ProblemExceptionMapper.answer(
          new DatabaseUnavailable(
              "The database cannot be reached just now (incident "
                  + incident
                  + "). Retry with the same Idempotency-Key: the request takes effect once."));
    }
    LOG.log(Level.SEVERE, "Unexpected failure, incident " + incident, failure);
    return Problem.of(
            500,
            "internal-error",
            "Internal error",
            "The request failed unexpectedly (incident " + incident + "). It is safe to retry.")
        .toResponse();
  }

  /** The cause that says the database server is unreachable, or null. */
  static SQLException databaseUnreachable(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof SQLException sql) {
        String state = sql.getSQLState();
        if (sql instanceof SQLTransientConnectionException
            || sql instanceof SQLNonTransientConnectionException
            || (state != null && (state.startsWith("08") || SERVER_GONE.contains(state)))) {
          return sql;
        }
      }
    }
    return null;
  }
}
