package io.ichido.payments.control;

import io.ichido.payments.entity.PaymentMethod;
import java.util.Optional;
import java.util.Set;

/**
 * One payment gateway, spoken in its own wire format. Implementations forward the command's gateway
 * key the way their gateway expects it and classify failures: {@link GatewayUnavailable} when no
 * answer came or retrying the same request may help, {@link GatewayRejected} when the gateway
 * refused the request itself. A declined card is not a failure but an answer.
 */
public interface PaymentGateway {

  /** {@code stripe}, {@code omise}, {@code 2c2p} or {@code komoju}. */
  String name();

  Set<PaymentMethod> methods();

  GatewayCharge charge(ChargeCommand command);

  /** The charge as the gateway sees it now. */
  GatewayCharge retrieve(String chargeId);

  /**
   * Searches the gateway for the charge made under our reference, for an attempt whose answer was
   * lost too long ago to send its request again. Empty when the gateway has no charge under that
   * reference, so none was made; a declined charge is found as declined.
   *
   * @throws GatewayUnavailable when the gateway cannot be asked or cannot tell (no search)
   */
  default Optional<GatewayCharge> lookup(String reference, long orderId) {
    throw new GatewayUnavailable(name(), "no search by reference", null);
  }
}
