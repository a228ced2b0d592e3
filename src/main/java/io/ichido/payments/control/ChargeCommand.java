package io.ichido.payments.control;

import io.ichido.payments.entity.PaymentMethod;
import java.util.Objects;

/**
 * What to charge. {@code idempotencyKey} is the client's key, forwarded as is; {@code reference} is
 * our order reference ({@code ORDER-<id>}), 2C2P's invoice number.
 */
public record ChargeCommand(
    String idempotencyKey,
    long orderId,
    String reference,
    long amount,
    String currency,
    PaymentMethod method,
    String token,
    Customer customer,
    String returnUrl) {

  /** Who pays, as far as asynchronous methods need to know (receipts, bank transfer names). */
  public record Customer(String name, String email, String phone, String store) {}

  public ChargeCommand {
    Objects.requireNonNull(idempotencyKey, "The idempotency key is required.");
    Objects.requireNonNull(reference, "A reference is required.");
    Objects.requireNonNull(currency, "A currency is required.");
    Objects.requireNonNull(method, "A method is required.");
    Objects.requireNonNull(customer, "A customer is required.");
  }
}
