package io.ichido.payments.control;

import io.ichido.payments.entity.ChargeAttempt;
import io.ichido.payments.entity.GatewayRefund;
import java.time.Instant;

/**
 * A refund someone asked for, as it stands, with its charge's totals: {@code refundedTotal} given
 * back of the charge so far (any refund's), {@code refundable} what is left, and {@code through}
 * the charge's refunded total once this refund is counted (its return invoice is the first one
 * reaching it).
 */
public record MerchantRefund(
    long refundId,
    long orderId,
    GatewayRefund.Status status,
    long amount,
    String currency,
    String gateway,
    String gatewayRefundId,
    String failureCode,
    String note,
    String requestedBy,
    Instant requestedAt,
    long refundedTotal,
    long refundable,
    long through) {

  static MerchantRefund of(GatewayRefund refund, ChargeAttempt attempt) {
    return new MerchantRefund(
        refund.id(),
        refund.orderId(),
        refund.status(),
        refund.amount(),
        refund.currency(),
        refund.gateway(),
        refund.gatewayRefundId(),
        refund.failureCode(),
        refund.note(),
        refund.requestedBy(),
        refund.requestedAt(),
        attempt.refundedAmount(),
        Math.max(0, attempt.amount() - attempt.refundedAmount()),
        refund.refundedBefore() + refund.amount());
  }
}
