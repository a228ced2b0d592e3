package io.ichido.payments.boundary;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.time.Instant;

/**
 * Body of {@code POST /api/reconciliation/runs}: the gateway whose records are read, and the window
 * {@code [from, to)} of the charges it created.
 */
public record ReconciliationRequest(
    @NotNull @Size(min = 1, max = 20) String gateway, @NotNull Instant from, @NotNull Instant to) {}
