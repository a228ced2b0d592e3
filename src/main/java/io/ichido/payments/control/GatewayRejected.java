package io.ichido.payments.control;

import io.ichido.platform.control.ProblemException;

/** The gateway refused the request itself (not a decline): retrying it unchanged cannot help. */
public class GatewayRejected extends ProblemException {

  public GatewayRejected(String gateway, String code) {
    super(
        502,
        "gateway-rejected",
        "Payment gateway rejected the request",
        "The " + gateway + " gateway refused the charge request (" + code + ").");
  }
}
