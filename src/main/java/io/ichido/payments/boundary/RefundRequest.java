package io.ichido.payments.boundary;

import io.ichido.platform.control.Amounts;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;

/**
 * Body of {@code POST /api/orders/{id}/refunds}: how much to give back, in the order's currency
 * (yen), and why, in the merchant's words (kept with the refund and in the payment log). {@code
 * repeat} says that the same amount refunded a moment ago under another key is meant a second time.
 */
public record RefundRequest(
    @NotNull @Positive @Max(Amounts.LARGEST) Long amount,
    @Size(max = 200) String reason,
    Boolean repeat) {

  boolean repeated() {
    return Boolean.TRUE.equals(repeat);
  }
}
