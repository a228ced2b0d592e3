package io.ichido.payments.control;

import io.ichido.payments.entity.PaymentMethod;
import java.util.Set;

/**
 * One payment gateway, spoken in its own wire format. Implementations forward the command's
 * idempotency key the way their gateway expects it and classify failures: {@link
 * GatewayUnavailable} when retrying the same request may help, {@link GatewayRejected} when it
 * cannot. A declined card is not a failure but an answer.
 */
public interface PaymentGateway {

  /** {@code stripe}, {@code omise}, {@code 2c2p} or {@code komoju}. */
  String name();

  Set<PaymentMethod> methods();

  GatewayCharge charge(ChargeCommand command);

  /** The charge as the gateway sees it now. */
  GatewayCharge retrieve(String chargeId);
}
