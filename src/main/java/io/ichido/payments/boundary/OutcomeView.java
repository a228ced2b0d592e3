package io.ichido.payments.boundary;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * An attempt after an operator recorded what the gateway's portal shows for it: where the attempt
 * and its order stand now (a payment, money in review, money going back, or nothing charged).
 */
public record OutcomeView(
    @JsonProperty("order_id") long orderId,
    @JsonProperty("attempt_id") long attemptId,
    @JsonProperty("attempt_status") String attemptStatus,
    @JsonProperty("order_status") String orderStatus,
    long taken,
    String currency,
    String reference,
    String operator) {}
