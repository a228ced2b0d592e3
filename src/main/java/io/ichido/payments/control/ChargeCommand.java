package io.ichido.payments.control;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.ichido.payments.entity.ChargeAttempt;
import io.ichido.payments.entity.PaymentMethod;
import io.ichido.platform.control.Json;
import java.util.Objects;

/**
 * What to charge. {@code gatewayKey} is the idempotency key the gateway gets (derived, see {@link
 * GatewayKeys}); {@code reference} is our reference for the attempt ({@code ORDER-<id>[-n]}),
 * 2C2P's invoice number. Everything in it can be rebuilt from the attempt, so that the very same
 * request can be sent again under the same key when its answer was lost; {@code resent} says it is
 * (an earlier send may have been made, and may still be in flight, whatever this one meets).
 */
public record ChargeCommand(
    String gatewayKey,
    long orderId,
    String reference,
    long amount,
    String currency,
    PaymentMethod method,
    String token,
    Customer customer,
    String returnUrl,
    boolean resent) {

  /** Who pays, as far as asynchronous methods need to know (receipts, bank transfer names). */
  public record Customer(String name, String email, String phone, String store) {}

  /** The part of a command the attempt keeps as JSON (its other fields are columns). */
  public record Resendable(String token, Customer customer, String returnUrl) {}

  public ChargeCommand {
    Objects.requireNonNull(gatewayKey, "The gateway key is required.");
    Objects.requireNonNull(reference, "A reference is required.");
    Objects.requireNonNull(currency, "A currency is required.");
    Objects.requireNonNull(method, "A method is required.");
    Objects.requireNonNull(customer, "A customer is required.");
  }

  /** The same request the attempt was first sent as. */
  static ChargeCommand of(ChargeAttempt attempt) {
    Resendable stored;
    try {
      stored = Json.MAPPER.readValue(attempt.request(), Resendable.class);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("Attempt " + attempt.id() + " keeps unreadable JSON", e);
    }
    return new ChargeCommand(
        attempt.gatewayKey(),
        attempt.orderId(),
        attempt.gatewayReference(),
        attempt.amount(),
        attempt.currency(),
        PaymentMethod.fromWire(attempt.method()).orElseThrow(),
        stored.token(),
        stored.customer(),
        stored.returnUrl(),
        true);
  }

  /** The same request, sent again: an earlier send may have reached the gateway. */
  ChargeCommand sentAgain() {
    return resent
        ? this
        : new ChargeCommand(
            gatewayKey,
            orderId,
            reference,
            amount,
            currency,
            method,
            token,
            customer,
            returnUrl,
            true);
  }

  String resendableJson() {
    try {
      return Json.MAPPER.writeValueAsString(new Resendable(token, customer, returnUrl));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("Strings always serialize", e);
    }
  }
}
