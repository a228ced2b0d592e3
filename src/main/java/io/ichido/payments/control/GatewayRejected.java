package io.ichido.payments.control;

import io.ichido.platform.control.ProblemException;
import java.io.Serial;

/** The gateway refused the request itself (not a decline): retrying it unchanged cannot help. */
public class GatewayRejected extends ProblemException {
  @Serial private static final long serialVersionUID = 1L;

  private final String code;

  public GatewayRejected(String gateway, String code) {
    this(gateway, code, "The " + gateway + " gateway refused the charge request (" + code + ").");
  }

  private GatewayRejected(String gateway, String code, String detail) {
    super(502, "gateway-rejected", "Payment gateway rejected the request", detail);
    this.code = code;
  }

  /** The gateway refused a refund someone asked for, in its own words ({@code code}). */
  static GatewayRejected refund(MerchantRefund refund) {
    GatewayRejected refused =
        new GatewayRejected(
            refund.gateway(),
            refund.failureCode(),
            "The %s gateway refused refund %d of %d %s of order %d (%s): nothing was given back."
                .formatted(
                    refund.gateway(),
                    refund.refundId(),
                    refund.amount(),
                    refund.currency(),
                    refund.orderId(),
                    refund.failureCode()));
    refused.extension("order_id", refund.orderId());
    refused.extension("refund_id", refund.refundId());
    refused.extension("gateway", refund.gateway());
    refused.extension("gateway_says", refund.failureCode());
    return refused;
  }

  /** The gateway's reason, as short as it gave it. */
  public String code() {
    return code;
  }
}
