package io.ichido.sandbox;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Stripe's {@code POST /v1/refunds} for a PaymentIntent ({@code payment_intent}, optional {@code
 * amount}, {@code metadata[...]}, {@code reason}): the Refund object, counted in the ledger under
 * its lock, so refunds never give back more than was paid. The caller runs it under the request's
 * idempotency key; {@code charge.refunded} follows through the ledger as for the control API.
 */
final class StripeRefunds {

  static final String URL = "/v1/refunds";

  private final Ledger ledger;
  private final Payments intents;

  StripeRefunds(Ledger ledger, Payments intents) {
    this.ledger = ledger;
    this.intents = intents;
  }

  /** What Stripe refuses before it does anything; null when the request is well formed. */
  static SandboxResponse validate(Map<String, String> form) {
    if (form.get("payment_intent") == null || form.get("payment_intent").isBlank()) {
      return form.containsKey("charge")
          ? StripeErrors.invalid("charge", "The sandbox refunds by payment_intent only.")
          : StripeErrors.missing("payment_intent");
    }
    String amount = form.get("amount");
    if (amount != null && !(amount.matches("\\d{1,18}") && Long.parseLong(amount) >= 1)) {
      return StripeErrors.invalid("amount", "This value must be greater than or equal to 1.");
    }
    return null;
  }

  /** Refunds once; the caller's idempotency key keeps a retry from refunding again. */
  SandboxResponse create(Map<String, String> form) {
    String id = form.get("payment_intent");
    Optional<ObjectNode> intent = intents.find(id);
    if (intent.isEmpty()) {
      return StripeErrors.error(
          404,
          "invalid_request_error",
          "resource_missing",
          "payment_intent",
          "No such payment_intent: '" + id + "'");
    }
    String charge = intent.get().path("latest_charge").asText(null);
    Long amount = form.containsKey("amount") ? Long.parseLong(form.get("amount")) : null;
    ObjectNode[] made = new ObjectNode[1];
    Ledger.RefundOutcome outcome;
    try {
      outcome =
          ledger.refund(
              StripeApi.NAME,
              id,
              amount,
              (entry, refund) -> made[0] = refund(form, charge, entry, refund));
    } catch (IllegalArgumentException moreThanIsLeft) {
      LedgerEntry entry = ledger.find(StripeApi.NAME, id).orElseThrow();
      if (entry.refundable() == 0) {
        return StripeErrors.error(
            400,
            "invalid_request_error",
            "charge_already_refunded",
            null,
            "Charge " + charge + " has already been refunded.");
      }
      return StripeErrors.error(
          400,
          "invalid_request_error",
          "amount_too_large",
          "amount",
          "Refund amount ("
              + money(amount, entry.currency())
              + ") is greater than unrefunded amount on charge ("
              + money(entry.refundable(), entry.currency())
              + ")");
    }
    if (outcome != Ledger.RefundOutcome.REFUNDED) {
      return StripeErrors.error(
          400,
          "invalid_request_error",
          null,
          "payment_intent",
          "This PaymentIntent (" + id + ") does not have a successful charge to refund.");
    }
    return SandboxResponse.json(200, made[0]);
  }

  private static ObjectNode refund(
      Map<String, String> form, String charge, LedgerEntry entry, long amount) {
    ObjectNode refund = Json.object().put("id", Ids.alphanumeric("re_", 24));
    refund.put("object", "refund").put("amount", amount).putNull("balance_transaction");
    refund.put("charge", charge);
    refund.put("created", Instant.now().getEpochSecond());
    refund.put("currency", entry.currency().toLowerCase(Locale.ROOT));
    ObjectNode metadata = refund.putObject("metadata");
    Form.nested(form, "metadata").forEach(metadata::put);
    refund.put("payment_intent", entry.id()).put("reason", form.get("reason"));
    return refund.put("status", "succeeded");
  }

  /** As Stripe writes amounts in its messages: {@code ¥5,673}. */
  private static String money(long amount, String currency) {
    return "JPY".equals(currency)
        ? String.format(Locale.ROOT, "¥%,d", amount)
        : amount + " " + currency;
  }
}
