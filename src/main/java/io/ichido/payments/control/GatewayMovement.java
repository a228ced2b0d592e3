package io.ichido.payments.control;

import java.util.Objects;

/**
 * One charge as a gateway's own records show it now, read for reconciliation. {@code chargeId} is
 * the id our attempts keep of it ({@code charge_attempt.gateway_charge_id}; Stripe's
 * PaymentIntent), {@code moneyId} the gateway's id of the money itself where that differs (Stripe's
 * Charge), {@code reference} what the charge carries of our order (null for one made in the
 * gateway's dashboard without it), {@code taken} what it took (0: nothing), {@code returned} all
 * given back of it so far, by anyone's hand.
 */
public record GatewayMovement(
    String chargeId, String moneyId, String reference, long taken, long returned, String currency) {

  public GatewayMovement {
    Objects.requireNonNull(moneyId, "The gateway's id of the money is required.");
    if (chargeId == null) {
      chargeId = moneyId;
    }
  }

  /**
   * A charge read back one by one ({@link PaymentGateway#retrieve}): money only if it succeeded.
   */
  static GatewayMovement of(GatewayCharge read) {
    boolean took = read.status() == io.ichido.payments.entity.ChargeStatus.SUCCEEDED;
    return new GatewayMovement(
        read.chargeId(),
        read.chargeId(),
        null,
        took ? read.amount() : 0,
        took ? read.refunded() : 0,
        read.currency());
  }
}
