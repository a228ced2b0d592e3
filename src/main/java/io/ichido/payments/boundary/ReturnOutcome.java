package io.ichido.payments.boundary;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * An operator's way out for money that could not go back by itself: asked back again ({@code
 * return-asked}, with the refund sent after the answer) or recorded as given back in the gateway's
 * portal ({@code return-recorded}).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ReturnOutcome(
    @JsonProperty("order_id") long orderId,
    @JsonProperty("attempt_id") long attemptId,
    @Schema(enumeration = {"return-asked", "return-recorded"}) String decision,
    long amount,
    String currency,
    @Schema(description = "What of the attempt's money still waits for a person after this")
        @JsonProperty("still_waiting")
        long stillWaiting,
    @JsonProperty("refund_id") Long refundId,
    String reference,
    String operator) {}
