package io.ichido.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

/**
 * The webhooks a gateway sends when (part of) a paid payment is refunded, in the order it sends
 * them, built from the payment as the gateway's API shows it after the refund and from its ledger
 * entry, whose {@code amountRefunded} counts the refund:
 *
 * <ul>
 *   <li>Stripe: {@code charge.refunded}, the intent's Charge with {@code amount_refunded} (all
 *       refunds together) and {@code refunded} (true once nothing is left)
 *   <li>Omise: {@code refund.create} (the refund) and {@code charge.update} (the charge, with its
 *       {@code refunded_amount})
 *   <li>KOMOJU: {@code payment.refund.created} (the payment, with its {@code amount_refunded}) and,
 *       once nothing is left, {@code payment.refunded}
 *   <li>2C2P: a backend notification with {@code respCode} 4120 (refunded; a code in no official
 *       page found) and the invoice's amount. Only whole refunds: what 2C2P notifies of a partial
 *       one is not known, so the sandbox refuses to invent it.
 * </ul>
 */
final class RefundWebhooks {

  private RefundWebhooks() {}

  static List<Webhook> about(LedgerEntry entry, ObjectNode payment, String secret2c2p) {
    if (payment == null) {
      throw new IllegalStateException(
          "No " + entry.gateway() + " payment " + entry.id() + " to tell of its refund.");
    }
    return switch (entry.gateway()) {
      case StripeApi.NAME -> List.of(stripe(entry, payment));
      case OmiseApi.NAME -> omise(entry, payment);
      case KomojuApi.NAME -> komoju(entry, payment);
      case TwoC2pApi.NAME -> List.of(twoC2p(entry, payment, secret2c2p));
      default ->
          throw new IllegalArgumentException(
              "The sandbox imitates no " + entry.gateway() + " refunds.");
    };
  }

  private static Webhook stripe(LedgerEntry entry, ObjectNode intent) {
    long now = Instant.now().getEpochSecond();
    ObjectNode charge =
        WebhookEvents.stripeCharge(
            intent.path("latest_charge").asText(null),
            entry.id(),
            intent.path("amount").asLong(),
            entry.amountRefunded(),
            intent.path("currency").asText(),
            (ObjectNode) intent.get("metadata"),
            intent.path("created").asLong(now));
    return event(
        entry, "charge.refunded", (id, type) -> WebhookEvents.stripeEvent(id, type, charge, now));
  }

  private static List<Webhook> omise(LedgerEntry entry, ObjectNode charge) {
    String now = WebhookEvents.now();
    ObjectNode refund = refundUpTo(charge.path("refunds").path("data"), entry);
    return List.of(
        event(
            entry, "refund.create", (id, type) -> WebhookEvents.omiseEvent(id, type, refund, now)),
        event(
            entry, "charge.update", (id, type) -> WebhookEvents.omiseEvent(id, type, charge, now)));
  }

  private static List<Webhook> komoju(LedgerEntry entry, ObjectNode payment) {
    String now = WebhookEvents.now();
    List<String> types = new ArrayList<>(List.of("payment.refund.created"));
    if (entry.status() == LedgerStatus.REFUNDED) {
      types.add("payment.refunded");
    }
    return types.stream()
        .map(type -> event(entry, type, (id, t) -> WebhookEvents.komojuEvent(id, t, payment, now)))
        .toList();
  }

  private static Webhook twoC2p(LedgerEntry entry, ObjectNode invoice, String secret) {
    String id = WebhookEvents.newEventId(TwoC2pApi.NAME);
    String body =
        WebhookSigner.twoC2pBody(
            WebhookEvents.twoC2pClaims(
                invoice.path("merchantID").asText(""),
                entry.idempotencyKey(),
                entry.amountRefunded(),
                entry.currency(),
                "4120",
                entry.id()),
            secret);
    return new Webhook(id, entry.gateway(), "4120", entry.id(), entry.reference(), body);
  }

  /**
   * The refund that brought the refunded total to the entry's: a gateway lists refunds in the order
   * the ledger counted them, and a later one may already be listed.
   */
  private static ObjectNode refundUpTo(JsonNode refunds, LedgerEntry entry) {
    long total = 0;
    for (JsonNode refund : refunds) {
      total += refund.path("amount").asLong();
      if (total == entry.amountRefunded()) {
        return (ObjectNode) refund;
      }
    }
    throw new IllegalStateException("Payment " + entry.id() + " lists no such refund.");
  }

  /** The event of {@code type}, {@code envelope} building it from a fresh event id and the type. */
  private static Webhook event(
      LedgerEntry entry, String type, BiFunction<String, String, ObjectNode> envelope) {
    String id = WebhookEvents.newEventId(entry.gateway());
    String body = Json.string(envelope.apply(id, type));
    return new Webhook(id, entry.gateway(), type, entry.id(), entry.reference(), body);
  }
}
