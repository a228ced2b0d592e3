package io.ichido.payments.control;

import io.ichido.platform.control.ProblemException;
import java.io.Serial;

/** The gateway refused the request itself (not a decline): retrying it unchanged cannot help. */
public class GatewayRejected extends ProblemException {
  @Serial private static final long serialVersionUID = 1L;

  private final String code;

  public GatewayRejected(String gateway, String code) {
    super(
        502,
        "gateway-rejected",
        "Payment gateway rejected the request",
        "The " + gateway + " gateway refused the charge request (" + code + ").");
    this.code = code;
  }

  /** The gateway's reason, as short as it gave it. */
  public String code() {
    return code;
  }
}
