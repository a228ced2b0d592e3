package io.ichido.payments.control;

import java.io.Serial;
import java.util.Locale;

/**
 * The gateway refused our request for a reason that says nothing about the payment: our credentials
 * or permissions, an idempotency error about our key, an endpoint or key it does not know. Whatever
 * an earlier request under the same key did, this answer cannot tell, so an attempt it answers
 * stays in doubt and is asked again later; it is never read as "not charged". Not retried inside
 * the request: the same request would be refused the same way.
 */
public class GatewayRefusedCall extends GatewayUnavailable {
  @Serial private static final long serialVersionUID = 1L;

  /** Why the gateway refused the call. */
  public enum Why {
    /** 401: the secret key is wrong, revoked or rotated. */
    AUTHENTICATION,
    /** 403: the key may not do this. */
    PERMISSION,
    /** The gateway refused our idempotency key (reused with other parameters, or unknown). */
    IDEMPOTENCY,
    /**
     * 404 for our endpoint or key: a misconfigured base URL, or an object it does not show. Of a
     * refund, a refusal ({@link Refunds}): a charge the gateway does not know gave nothing back.
     */
    NOT_FOUND;

    /** The metric's and log's word for it. */
    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }

    /** Whether the operator must fix the gateway's credentials before anything can be learnt. */
    public boolean credentials() {
      return this == AUTHENTICATION || this == PERMISSION;
    }
  }

  private final String gateway;
  private final Why why;
  private final int httpStatus;
  private final String code;

  public GatewayRefusedCall(String gateway, Why why, int httpStatus, String code) {
    super(
        gateway,
        "refused the call: " + why.label() + " (HTTP " + httpStatus + ", " + code + ")",
        null);
    this.gateway = gateway;
    this.why = why;
    this.httpStatus = httpStatus;
    this.code = code;
  }

  /** Refusals by HTTP status that never speak about the payment; null for any other status. */
  public static Why byStatus(int status) {
    return switch (status) {
      case 401 -> Why.AUTHENTICATION;
      case 403 -> Why.PERMISSION;
      case 404 -> Why.NOT_FOUND;
      default -> null;
    };
  }

  public String gateway() {
    return gateway;
  }

  public Why why() {
    return why;
  }

  public int httpStatus() {
    return httpStatus;
  }

  /** The gateway's own word for the refusal ({@code resource_missing}), as it gave it. */
  public String code() {
    return code;
  }

  @Override
  public boolean neverProcessed() {
    return false;
  }
}
