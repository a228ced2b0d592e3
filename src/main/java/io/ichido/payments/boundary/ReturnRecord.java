package io.ichido.payments.boundary;

import io.ichido.platform.control.Amounts;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Money an operator gave back in the gateway's merchant portal: how much, and its reference. */
public record ReturnRecord(
    @Schema(description = "In the currency's smallest unit", minimum = "1", maximum = "99999999")
        @NotNull
        @Min(1)
        @Max(Amounts.LARGEST)
        Long amount,
    @Schema(description = "The gateway's id of the refund made in its portal, or another reference")
        @NotBlank
        @Size(max = 255)
        String reference) {}
