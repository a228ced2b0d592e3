package io.ichido.payments.control;

import io.ichido.idempotency.boundary.TransientFailure;
import io.ichido.platform.control.ProblemException;
import java.io.Serial;

/**
 * The gateway could not be reached or answered with a temporary failure (timeout, connection
 * refused or reset, 5xx, 429): no answer, so the charge may or may not have been made. Sending the
 * same request under the same gateway key again is safe; as a {@link TransientFailure} it makes the
 * idempotency layer release the client's key.
 */
public class GatewayUnavailable extends ProblemException implements TransientFailure {
  @Serial private static final long serialVersionUID = 1L;

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
