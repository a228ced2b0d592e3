package io.ichido.payments.boundary;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.ichido.payments.control.ChargeCommand;
import io.ichido.payments.control.Charges;
import io.ichido.platform.control.Amounts;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;

/**
 * Body of {@code POST /api/payments/charge}. {@code token} is the gateway's card token (Stripe
 * {@code pm_...}, Omise {@code tokn_...}, KOMOJU {@code tok_...}, 2C2P securePayToken); the
 * customer fields feed konbini and bank transfer instructions.
 */
public record ChargeRequest(
    @JsonProperty("order_id") @NotNull @Positive Long orderId,
    @NotNull @Positive @Max(Amounts.LARGEST) Long amount,
    @NotNull @Pattern(regexp = "[A-Z]{3}") String currency,
    @NotNull @Pattern(regexp = "stripe|omise|2c2p|komoju|paypay") String gateway,
    @NotNull @Pattern(regexp = "card|konbini|bank_transfer|paypay|rakutenpay") String method,
    @Size(max = 255) String token,
    @Size(max = 100) String name,
    @Email @Size(max = 254) String email,
    @Pattern(regexp = "[0-9+-]{6,20}") String phone,
    @Pattern(regexp = "lawson|family-mart|seven-eleven|ministop|daily-yamazaki|seicomart")
        String store) {

  Charges.Charge toCharge() {
    return new Charges.Charge(
        orderId,
        amount,
        currency,
        gateway,
        method,
        token,
        new ChargeCommand.Customer(name, email, phone, store));
  }
}
