package io.ichido.payments.control;

import java.util.Objects;

/**
 * What a gateway told us after the fact (a webhook, already authenticated), in our terms. The
 * charge is found by {@code chargeId}, or by {@code reference} ({@code ORDER-<id>}) when the
 * gateway carries ours and our copy of its id was lost with the answer.
 */
public record GatewayNotice(
    String gateway,
    String chargeId,
    String reference,
    Outcome outcome,
    long amount,
    String currency,
    String reason) {

  /** The gateway-independent meaning of an event. */
  public enum Outcome {
    AUTHORIZED,
    SUCCEEDED,
    FAILED,
    EXPIRED,
    REFUNDED
  }

  public GatewayNotice {
    Objects.requireNonNull(gateway, "A gateway is required.");
    Objects.requireNonNull(outcome, "An outcome is required.");
    if (chargeId == null && reference == null) {
      throw new IllegalArgumentException("A notice names a charge or a reference.");
    }
  }
}
