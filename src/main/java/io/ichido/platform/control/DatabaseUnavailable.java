package io.ichido.platform.control;

import io.ichido.idempotency.boundary.TransientFailure;
import java.io.Serial;

/**
 * The database failed under a request, so nothing it read can be trusted: 503, retry with the same
 * key (which this failure releases).
 */
public class DatabaseUnavailable extends ProblemException implements TransientFailure {
  @Serial private static final long serialVersionUID = 1L;

  /** Seconds a client waits before retrying: a restart or a failover takes a few. */
  public static final int RETRY_AFTER_SECONDS = 2;

  public DatabaseUnavailable(String detail) {
    super(503, "database-unavailable", "Database unavailable", detail);
    retryAfter(RETRY_AFTER_SECONDS);
  }
}
