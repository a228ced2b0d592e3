package io.ichido.payments.control;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.faulttolerance.Retry;

/**
 * Gateway calls with retries inside the request, always with the same forwarded key, so a retry can
 * only ever find the charge the first try made. Tunable through MicroProfile Fault Tolerance
 * configuration ({@code io.ichido.payments.control.GatewayCalls/Retry/maxRetries}, ...).
 */
@ApplicationScoped
public class GatewayCalls {

  @Retry(
      retryOn = GatewayUnavailable.class,
      maxRetries = 3,
      delay = 200,
      jitter = 100,
      maxDuration = 30_000)
  public GatewayCharge charge(PaymentGateway gateway, ChargeCommand command) {
    return gateway.charge(command);
  }

  @Retry(
      retryOn = GatewayUnavailable.class,
      maxRetries = 3,
      delay = 200,
      jitter = 100,
      maxDuration = 30_000)
  public GatewayCharge retrieve(PaymentGateway gateway, String chargeId) {
    return gateway.retrieve(chargeId);
  }
}
