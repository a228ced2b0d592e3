package io.ichido.payments.entity;

/**
 * Someone asked for money of a paid order back, and its intent committed before the gateway heard
 * of it: refund {@code refundId} of {@code amount} from the charge, under the client's {@code
 * idempotencyKey}. Not money yet: {@link PaymentRefunded} follows once the gateway gave it back,
 * {@link RefundRefused} if it refused.
 */
public record RefundRequested(
    long orderId,
    long refundId,
    String gateway,
    String chargeId,
    long amount,
    String currency,
    String requestedBy,
    String idempotencyKey,
    String note) {

  /** The refund just committed, asked for under the client's {@code idempotencyKey}. */
  public static RefundRequested of(GatewayRefund refund, String idempotencyKey) {
    return new RefundRequested(
        refund.orderId(),
        refund.id(),
        refund.gateway(),
        refund.chargeId(),
        refund.amount(),
        refund.currency(),
        refund.requestedBy(),
        idempotencyKey,
        refund.note());
  }
}
