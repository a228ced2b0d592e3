package io.ichido.payments.control;

import java.io.Serial;

/**
 * A charge request that may have reached a gateway which does not promise to honour idempotency
 * keys got no answer. Sending it again could charge twice, so it is not retried inside the request
 * ({@link GatewayCalls} aborts on it): the attempt stays in doubt until the charge can be looked
 * up.
 */
public class SentUnconfirmed extends GatewayUnavailable {
  @Serial private static final long serialVersionUID = 1L;

  public SentUnconfirmed(String gateway, GatewayUnavailable failure) {
    super(gateway, "no answer, and " + gateway + " may not recognise the same request", failure);
  }
}
