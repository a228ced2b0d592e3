package io.ichido.payments.control;

import io.ichido.idempotency.boundary.TransientFailure;
import io.ichido.platform.control.ProblemException;
import java.io.Serial;
import java.net.ConnectException;

/**
 * The gateway could not be reached or answered with a temporary failure (timeout, connection
 * refused or reset, 5xx, 429): no answer, so the charge may or may not have been made. Sending the
 * same request under the same gateway key again is safe; as a {@link TransientFailure} it makes the
 * idempotency layer release the client's key.
 */
public class GatewayUnavailable extends ProblemException implements TransientFailure {
  @Serial private static final long serialVersionUID = 1L;

  /** The HTTP status the gateway answered, 0 when none came. */
  private final int status;

  /** The gateway answered this temporary failure status (429 or 5xx). */
  public GatewayUnavailable(String gateway, int status) {
    this(gateway, "HTTP " + status, null, status);
  }

  public GatewayUnavailable(String gateway, String why, Throwable cause) {
    this(gateway, why, cause, 0);
  }

  private GatewayUnavailable(String gateway, String why, Throwable cause, int status) {
    super(
        503,
        "gateway-unavailable",
        "Payment gateway unavailable",
        "The "
            + gateway
            + " gateway did not complete the charge ("
            + why
            + "). Nothing was"
            + " charged twice: retry with the same Idempotency-Key.");
    if (cause != null) {
      initCause(cause);
    }
    this.status = status;
  }

  /**
   * Whether the gateway certainly did no work on the request: the connection was refused, or it
   * answered 429 (rate limits turn requests away before any work). Timeouts, lost connections and
   * 5xx may all come after the work was done.
   */
  public boolean neverProcessed() {
    if (status == 429) {
      return true;
    }
    for (Throwable cause = getCause(); cause != null; cause = cause.getCause()) {
      if (cause instanceof ConnectException) {
        return true;
      }
    }
    return false;
  }
}
