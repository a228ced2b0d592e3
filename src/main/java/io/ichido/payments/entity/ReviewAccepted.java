package io.ichido.payments.entity;

/**
 * An operator accepted the money an order in review received as its payment, under the order's
 * lock: {@code paid} of it (what the order owes at most) pays the order through attempt {@code
 * attemptId}; any money beyond goes back by itself as a surplus. {@code operator} is who decided,
 * under the client's {@code idempotencyKey}.
 */
public record ReviewAccepted(
    long orderId,
    long attemptId,
    String gateway,
    String chargeId,
    String paymentKey,
    long received,
    long paid,
    String currency,
    String customerEmail,
    String operator,
    String idempotencyKey) {}
