package io.ichido.sandbox;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The webhook a gateway sends when the customer's bank disputes a paid payment (a chargeback):
 *
 * <ul>
 *   <li>Stripe: {@code charge.dispute.created} around a Dispute ({@code dp_...}) naming the charge
 *       and its PaymentIntent, status {@code needs_response}, reason {@code fraudulent}, the funds
 *       withdrawn (one balance transaction); closed won ({@code funds_reinstated}, then {@code
 *       closed}) or lost ({@code closed})
 *   <li>2C2P: a backend notification with respCode {@code 4130} "Chargeback" (2C2P's own code list,
 *       github.com/2C2P/agent-skills @ e2813937, its troubleshooting steering file: "Dispute filed
 *       — respond via portal"), sent once the bank took the money back ({@link
 *       TwoC2pApi#chargesBack}); its {@code amount} is what the bank took, which no 2C2P page
 *       confirms
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

  /**
   * Stripe's Dispute as {@code charge.dispute.created} carries it: the funds are withdrawn when it
   * opens, one balance transaction of minus the disputed amount.
   */
  static ObjectNode stripeDispute(LedgerEntry entry, ObjectNode intent) {
    long now = Instant.now().getEpochSecond();
    ObjectNode dispute = Json.object().put("id", Ids.alphanumeric("dp_", 24));
    dispute.put("object", "dispute").put("amount", entry.amount());
    dispute.put("currency", entry.currency().toLowerCase(Locale.ROOT));
    dispute.put("charge", intent == null ? null : intent.path("latest_charge").asText(null));
    dispute.put("payment_intent", entry.id()).put("reason", "fraudulent");
    dispute.put("status", "needs_response").put("is_charge_refundable", false);
    dispute.put("created", now).put("livemode", false).set("metadata", Json.object());
    dispute.putArray("balance_transactions").add(movement(-entry.amount(), entry, now));
    // Nothing submitted yet. Stripe lists every evidence field, each null; Ichido reads none.
    dispute.putObject("evidence");
    ObjectNode details = dispute.putObject("evidence_details");
    details.put("due_by", now + Duration.ofDays(7).toSeconds()).put("has_evidence", false);
    details.put("past_due", false).put("submission_count", 0);
    return dispute;
  }

  private static ObjectNode movement(long amount, LedgerEntry entry, long now) {
    ObjectNode movement = Json.object().put("id", Ids.alphanumeric("txn_", 24));
    movement.put("object", "balance_transaction").put("amount", amount).put("fee", 0);
    movement.put("net", amount).put("currency", entry.currency().toLowerCase(Locale.ROOT));
    movement.put("type", "adjustment").put("reporting_category", "dispute");
    movement.put("status", "available").put("available_on", now).putArray("fee_details");
    return movement.put("created", now);
  }

  private static Webhook stripe(LedgerEntry entry, ObjectNode intent) {
    return stripeEvent(entry, "charge.dispute.created", stripeDispute(entry, intent));
  }

  /**
   * The dispute closes: won, Stripe gives the funds back ({@code charge.dispute.funds_reinstated},
   * a second balance transaction) and then says so ({@code charge.dispute.closed}, status {@code
   * won}); lost, only the closing event, status {@code lost}.
   */
  static List<Webhook> stripeClosed(LedgerEntry entry, ObjectNode dispute, boolean won) {
    long now = Instant.now().getEpochSecond();
    List<Webhook> webhooks = new ArrayList<>();
    if (won) {
      ((ArrayNode) dispute.path("balance_transactions")).add(movement(entry.amount(), entry, now));
      dispute.put("status", "under_review");
      webhooks.add(stripeEvent(entry, "charge.dispute.funds_reinstated", dispute.deepCopy()));
    }
    dispute.put("status", won ? "won" : "lost");
    webhooks.add(stripeEvent(entry, "charge.dispute.closed", dispute.deepCopy()));
    return webhooks;
  }

  static Webhook stripeEvent(LedgerEntry entry, String type, ObjectNode dispute) {
    long now = Instant.now().getEpochSecond();
    String id = WebhookEvents.newEventId(StripeApi.NAME);
    String body = Json.string(WebhookEvents.stripeEvent(id, type, dispute, now));
    return new Webhook(id, entry.gateway(), type, entry.id(), entry.reference(), body);
  }

  private static Webhook twoC2p(LedgerEntry entry, ObjectNode invoice, String secret) {
    Map<String, Object> claims =
        WebhookEvents.twoC2pClaims(
            invoice == null ? "" : invoice.path("merchantID").asText(""),
            entry.idempotencyKey(),
            entry.amountChargedBack(),
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
