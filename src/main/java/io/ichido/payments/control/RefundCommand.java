package io.ichido.payments.control;

import java.util.Objects;

/**
 * One refund to send: the gateway's charge, how much, the key the gateway dedupes it by, and what
 * the charge had given back before it ({@code refundedBefore}): where the gateway honours no key, a
 * charge showing at least {@code refundedBefore + amount} refunded is this refund made.
 */
public record RefundCommand(
    String gateway,
    String gatewayKey,
    long orderId,
    String chargeId,
    long amount,
    String currency,
    String reason,
    long refundedBefore,
    boolean resent) {

  public RefundCommand {
    Objects.requireNonNull(gatewayKey, "A gateway key is required.");
    Objects.requireNonNull(chargeId, "A charge is required.");
    if (amount <= 0) {
      throw new IllegalArgumentException("A refund must be positive: " + amount);
    }
  }
}
