package io.ichido.payments.control;

import java.util.Objects;

/**
 * One refund to send: the gateway's charge, how much, and the key the gateway dedupes it by, or,
 * where the gateway honours no refund key, knows it by again ({@link PaymentGateway#refundsOf});
 * {@code resent}: it may have been sent before.
 */
public record RefundCommand(
    String gateway,
    String gatewayKey,
    long orderId,
    String chargeId,
    long amount,
    String currency,
    String reason,
    boolean resent) {

  public RefundCommand {
    Objects.requireNonNull(gatewayKey, "A gateway key is required.");
    Objects.requireNonNull(chargeId, "A charge is required.");
    if (amount <= 0) {
      throw new IllegalArgumentException("A refund must be positive: " + amount);
    }
  }
}
