package io.ichido.payments.boundary;

import com.fasterxml.jackson.annotation.JsonProperty;

/** A refund after an operator recorded what the gateway's portal shows for it. */
public record RefundOutcomeView(
    @JsonProperty("refund_id") long refundId,
    @JsonProperty("order_id") long orderId,
    String status,
    @JsonProperty("order_status") String orderStatus,
    long amount,
    String currency,
    @JsonProperty("gateway_refund_id") String gatewayRefundId,
    String reference,
    String operator) {}
