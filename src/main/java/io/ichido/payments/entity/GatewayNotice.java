package io.ichido.payments.entity;

import java.time.Instant;
import java.util.Objects;

/**
 * What a gateway told us after the fact (a webhook, already authenticated), in our terms. The
 * charge is found by {@code chargeId}; when our copy of the gateway's id was lost with its answer,
 * by our {@code reference} the gateway carries (KOMOJU {@code external_order_num}, 2C2P {@code
 * invoiceNo}, Stripe and Omise metadata), or by {@code orderId} (Stripe {@code metadata.order_id}).
 * {@code amount} of a refund is the refunded total so far. {@code payBy} is the deadline a payment
 * waiting for its customer carries (KOMOJU's {@code payment_deadline}), where the event says one;
 * {@code disputeMoney} what a dispute event says of its money, where it says anything.
 */
public record GatewayNotice(
    String gateway,
    String chargeId,
    String reference,
    Long orderId,
    Outcome outcome,
    long amount,
    String currency,
    String reason,
    Instant payBy,
    DisputeMoney disputeMoney) {

  /**
   * What a dispute holds of the charge now ({@code withdrawn}, net of what it gave back) after
   * {@code seen} movements of its money, and whether it is closed, {@code won} by the merchant.
   */
  public record DisputeMoney(long withdrawn, int seen, boolean closed, boolean won) {}

  /** The gateway-independent meaning of an event. */
  public enum Outcome {
    AUTHORIZED,
    SUCCEEDED,
    FAILED,
    EXPIRED,
    REFUNDED,
    /** A dispute (chargeback) was opened or changed about a paid charge; reason says how. */
    DISPUTED
  }

  /** A notice that names no deadline and says nothing of a dispute's money. */
  public GatewayNotice(
      String gateway,
      String chargeId,
      String reference,
      Long orderId,
      Outcome outcome,
      long amount,
      String currency,
      String reason) {
    this(gateway, chargeId, reference, orderId, outcome, amount, currency, reason, null, null);
  }

  public GatewayNotice {
    Objects.requireNonNull(gateway, "A gateway is required.");
    Objects.requireNonNull(outcome, "An outcome is required.");
    if (chargeId == null && reference == null && orderId == null) {
      throw new IllegalArgumentException("A notice names a charge, a reference or an order.");
    }
  }
}
