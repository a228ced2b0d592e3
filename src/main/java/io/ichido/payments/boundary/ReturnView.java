package io.ichido.payments.boundary;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.ichido.payments.control.ChargeOutcome;
import io.ichido.payments.entity.ChargeStatus;
import java.util.Locale;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * What the customer's browser learns on the return page: where the payment stands and, while 3-D
 * Secure is still open, where to continue. No amounts, charge ids or other order details: the page
 * is reachable by whoever holds the link.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ReturnView(
    @JsonProperty("order_id") long orderId,
    @Schema(
            description =
                "The payment's status in lower case (succeeded, declined, requires_action, ...), or"
                    + " processing: the customer is done at the gateway's page and the gateway has"
                    + " not decided yet; its webhook will, and the order's status then tells.")
        String status,
    @JsonProperty("order_status") String orderStatus,
    @Schema(description = "Where 3-D Secure continues, only while the status is requires_action")
        @JsonProperty("authorize_uri")
        String authorizeUri) {

  static final String PROCESSING = "processing";

  static ReturnView of(ChargeOutcome outcome) {
    var attempt = outcome.attempt();
    return new ReturnView(
        attempt.orderId(),
        outcome.processing() ? PROCESSING : attempt.status().name().toLowerCase(Locale.ROOT),
        outcome.orderStatus(),
        attempt.status() == ChargeStatus.REQUIRES_ACTION && !outcome.processing()
            ? outcome.authorizeUri()
            : null);
  }
}
