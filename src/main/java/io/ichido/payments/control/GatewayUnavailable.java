package io.ichido.payments.control;

import io.ichido.idempotency.boundary.TransientFailure;
import io.ichido.platform.control.ProblemException;

/**
 * The gateway could not be reached or answered with a temporary failure (timeout, connection
 * refused or reset, 5xx, 429). Retrying the same request under the same key is safe; the
 * idempotency layer releases the client's key (it is listed in {@code
 * ichido.idempotency.transient-exceptions}).
 */
public class GatewayUnavailable extends ProblemException implements TransientFailure {

  public GatewayUnavailable(String gateway, String why, Throwable cause) {
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
  }
}
