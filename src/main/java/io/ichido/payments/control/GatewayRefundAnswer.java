package io.ichido.payments.control;

/**
 * A gateway's word that it gave money back: its refund's id (null where it names none) and what is
 * refunded of the charge in all so far, where it says so (else the refund's own amount).
 */
public record GatewayRefundAnswer(String refundId, long refundedTotal) {}
