package io.ichido.orders.boundary;

import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/**
 * Body of {@code POST /api/orders/{id}/cancel}, which may also be empty: why the shop cancels, as
 * the payment log will show it (one line of text, no control characters).
 */
public record CancelRequest(
    @Size(max = 200) @Pattern(regexp = "[^\\x00-\\x1F\\x7F]*") String reason) {}
