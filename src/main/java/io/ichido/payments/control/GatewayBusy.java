package io.ichido.payments.control;

import io.ichido.idempotency.boundary.TransientFailure;
import io.ichido.platform.control.ProblemException;
import java.io.Serial;

/**
 * Every lane to the gateways is taken ({@link GatewayLane}): nothing was recorded or sent, so the
 * same request may be sent again with the same key.
 */
public class GatewayBusy extends ProblemException implements TransientFailure {
  @Serial private static final long serialVersionUID = 1L;

  public GatewayBusy() {
    super(
        503,
        "gateway-busy",
        "Payment gateways busy",
        "Too many payments are talking to the gateways right now. Nothing was charged: retry"
            + " with the same Idempotency-Key.");
    retryAfter(1);
  }
}
