package io.ichido.payments.boundary;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/** Body of {@code POST /api/review/differences/{id}/resolve}: what was done about it, and why. */
public record ResolveRequest(@NotBlank @Size(max = 500) String note) {}
