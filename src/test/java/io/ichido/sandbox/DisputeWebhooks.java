package io.ichido.sandbox;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;

/**
 * The webhook a gateway sends when the customer's bank disputes a paid payment (a chargeback):
 *
 * <ul>
 *   <li>Stripe: {@code charge.dispute.created} around a Dispute ({@code dp_...}) naming the charge
 *       and its PaymentIntent, status {@code needs_response}, reason {@code fraudulent}
 *   <li>2C2P: a backend notification with respCode {@code 4130} (chargeback; named in issue 14, in
 *       no official 2C2P material found: unconfirmed)
 * </ul>
 */
final class DisputeWebhooks {

  private DisputeWebhooks() {}

  static Webhook about(LedgerEntry entry, ObjectNode payment, String secret2c2p) {
    return switch (entry.gateway()) {
      case StripeApi.NAME -> stripe(entry, payment);
      case TwoC2pApi.NAME -> twoC2p(entry, payment, secret2c2p);
      default ->
          throw new IllegalArgumentException(
              "The sandbox imitates no " + entry.gateway() + " disputes.");
    };
  }

  private static Webhook stripe(LedgerEntry entry, ObjectNode intent) {
    long now = Instant.now().getEpochSecond();
    ObjectNode dispute = Json.object().put("id", Ids.alphanumeric("dp_", 24));
    dispute.put("object", "dispute").put("amount", entry.amount());
    dispute.put("currency", entry.currency().toLowerCase(Locale.ROOT));
    dispute.put("charge", intent == null ? null : intent.path("latest_charge").asText(null));
    dispute.put("payment_intent", entry.id()).put("reason", "fraudulent");
    dispute.put("status", "needs_response").put("is_charge_refundable", false);
    dispute.put("created", now).put("livemode", false).set("metadata", Json.object());
    String id = WebhookEvents.newEventId(StripeApi.NAME);
    String type = "charge.dispute.created";
    String body = Json.string(WebhookEvents.stripeEvent(id, type, dispute, now));
    return new Webhook(id, entry.gateway(), type, entry.id(), entry.reference(), body);
  }

  private static Webhook twoC2p(LedgerEntry entry, ObjectNode invoice, String secret) {
    Map<String, Object> claims =
        WebhookEvents.twoC2pClaims(
            invoice == null ? "" : invoice.path("merchantID").asText(""),
            entry.idempotencyKey(),
            entry.amount(),
            entry.currency(),
            "4130",
            entry.id());
    String id = WebhookEvents.newEventId(TwoC2pApi.NAME);
    return new Webhook(
        id,
        entry.gateway(),
        "4130",
        entry.id(),
        entry.reference(),
        WebhookSigner.twoC2pBody(claims, secret));
  }
}
