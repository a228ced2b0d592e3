package io.ichido.payments.boundary;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.ichido.platform.control.Amounts;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** What the gateway's merchant portal shows for a charge in doubt: what it took, if anything. */
public record OutcomeRecord(
    @Schema(
            description = "What the charge took, in the currency's smallest unit; 0: nothing",
            minimum = "0",
            maximum = "99999999")
        @NotNull
        @Min(0)
        @Max(Amounts.LARGEST)
        Long taken,
    @Schema(description = "ISO 4217, as the portal shows it", example = "JPY")
        @NotNull
        @Pattern(regexp = "[A-Z]{3}")
        String currency,
    @Schema(description = "Where the operator read it: the portal's transaction id or a note")
        @NotBlank
        @Size(max = 255)
        String reference,
    @Schema(
            description =
                "The gateway's own id of the charge, as its portal shows it (Stripe's pi_..., Omise's"
                    + " chrg_..., ...): required when money was taken and Ichido never learnt the"
                    + " charge's id, since refunds are sent to it",
            example = "pi_3Nq...")
        @JsonProperty("charge_id")
        @Size(min = 1, max = 255)
        @Pattern(regexp = "\\S+")
        String chargeId) {}
