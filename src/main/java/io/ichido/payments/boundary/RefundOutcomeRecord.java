package io.ichido.payments.boundary;

import com.fasterxml.jackson.annotation.JsonProperty;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** What the gateway's merchant portal shows for a refund in doubt: made, or never made. */
public record RefundOutcomeRecord(
    @Schema(description = "Whether the portal shows the refund made") @NotNull Boolean made,
    @Schema(
            description =
                "The gateway's own id of the refund, as its portal shows it: required when made",
            example = "re_3Nq...")
        @JsonProperty("gateway_refund_id")
        @Size(min = 1, max = 255)
        @Pattern(regexp = "\\S+")
        String gatewayRefundId,
    @Schema(description = "Where the operator read it: the portal's page or a note")
        @NotBlank
        @Size(max = 255)
        String reference) {}
