package io.ichido.audit.boundary;

import io.ichido.platform.control.Amounts;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;

/** What an auditor records against an entry that was wrong: why, and the right values if any. */
public record CorrectionRequest(
    @NotBlank @Size(max = 1000) String reason,
    @PositiveOrZero @Max(Amounts.LARGEST) Long amount,
    @Pattern(regexp = "[A-Z]{3}") String currency,
    @Size(max = 40) String status) {}
