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
    String note) {}
