package io.ichido.sandbox;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One webhook event about a payment whose status changed, ready to send. {@code body} is exactly
 * what every attempt posts; only the signature headers change (2C2P signs inside the body, without
 * a timestamp, so its body is the same signed JWT every time). {@code type} is the gateway's event
 * type (Stripe {@code type}, Omise {@code key}, KOMOJU {@code type}; 2C2P, which has none, the
 * {@code respCode}). {@code reference} is the order id, as in the ledger.
 */
record Webhook(
    String eventId, String gateway, String type, String chargeId, String reference, String body) {

  /**
   * The events {@code entry}'s gateway sends about the entry's new status, in the order it sends
   * them: one, or for a refund those of {@link RefundWebhooks}.
   *
   * @param current the payment as the gateway's API shows it now (a copy, changed here), or null
   *     when unknown: then the event is built from the ledger entry alone (a refund's cannot be)
   * @param amountPaid what the customer paid when the control API said it differs from the charged
   *     amount, or null
   * @param secret2c2p the merchant secret 2C2P signs with
   */
  static List<Webhook> about(
      LedgerEntry entry, ObjectNode current, Long amountPaid, String secret2c2p) {
    if (entry.gateway().equals(PayPayApi.NAME)) {
      return payPay(entry, current, amountPaid);
    }
    if (entry.status().refunded()) {
      return RefundWebhooks.about(entry, current, secret2c2p);
    }
    return List.of(
        switch (entry.gateway()) {
          case StripeApi.NAME -> stripe(entry, current, amountPaid);
          case OmiseApi.NAME -> omise(entry, current, amountPaid);
          case KomojuApi.NAME -> komoju(entry, current, amountPaid);
          case TwoC2pApi.NAME -> twoC2p(entry, current, amountPaid, secret2c2p);
          default -> throw new IllegalArgumentException("No webhooks for " + entry.gateway() + ".");
        });
  }

  private static Webhook stripe(LedgerEntry entry, ObjectNode intent, Long amountPaid) {
    String id = WebhookEvents.newEventId(StripeApi.NAME);
    long now = Instant.now().getEpochSecond();
    String status =
        intent != null
            ? intent.path("status").asText()
            : switch (entry.status()) {
              case PAID, PARTIALLY_REFUNDED, REFUNDED -> "succeeded";
              case PENDING -> "requires_action";
              case FAILED, EXPIRED -> "requires_payment_method";
              case CANCELLED -> "canceled";
            };
    String type =
        switch (status) {
          case "succeeded" -> "payment_intent.succeeded";
          case "requires_payment_method" -> "payment_intent.payment_failed";
          case "canceled" -> "payment_intent.canceled";
          case "processing" -> "payment_intent.processing";
          default -> "payment_intent.requires_action";
        };
    String body;
    if (intent == null) {
      long received =
          amountPaid != null ? amountPaid : status.equals("succeeded") ? entry.amount() : 0;
      body =
          WebhookEvents.stripePaymentIntent(
              id,
              type,
              entry.id(),
              entry.reference(),
              entry.amount(),
              received,
              entry.currency(),
              status,
              now);
    } else {
      if (amountPaid != null) {
        intent.put("amount_received", amountPaid);
      }
      body = Json.string(WebhookEvents.stripeEvent(id, type, intent, now));
    }
    return new Webhook(id, entry.gateway(), type, entry.id(), entry.reference(), body);
  }

  private static Webhook omise(LedgerEntry entry, ObjectNode charge, Long amountPaid) {
    String id = WebhookEvents.newEventId(OmiseApi.NAME);
    String status =
        charge != null
            ? charge.path("status").asText()
            : switch (entry.status()) {
              case PAID, PARTIALLY_REFUNDED, REFUNDED -> "successful";
              case PENDING -> "pending";
              case FAILED -> "failed";
              case EXPIRED, CANCELLED -> "expired";
            };
    // Omise completes a charge whether it succeeded or failed; charge.expire is assumed.
    String key = status.equals("expired") ? "charge.expire" : "charge.complete";
    long amount = amountPaid != null ? amountPaid : entry.amount();
    String body;
    if (charge == null) {
      body =
          WebhookEvents.omise(
              id, key, entry.id(), entry.reference(), amount, entry.currency(), status);
    } else {
      if (amountPaid != null) {
        charge.put("amount", amountPaid);
      }
      body = Json.string(WebhookEvents.omiseEvent(id, key, charge, WebhookEvents.now()));
    }
    return new Webhook(id, entry.gateway(), key, entry.id(), entry.reference(), body);
  }

  private static Webhook komoju(LedgerEntry entry, ObjectNode payment, Long amountPaid) {
    String id = WebhookEvents.newEventId(KomojuApi.NAME);
    String status =
        payment != null
            ? payment.path("status").asText()
            : switch (entry.status()) {
              case PAID, PARTIALLY_REFUNDED, REFUNDED -> "captured";
              case PENDING -> "authorized";
              case FAILED -> "failed";
              case EXPIRED -> "expired";
              case CANCELLED -> "cancelled";
            };
    String type =
        switch (status) {
          case "captured", "authorized", "expired", "cancelled", "failed", "refunded" ->
              "payment." + status;
          default -> "payment.updated";
        };
    long amount = amountPaid != null ? amountPaid : entry.amount();
    String body;
    if (payment == null) {
      body =
          WebhookEvents.komoju(
              id,
              type,
              entry.id(),
              entry.reference() == null ? null : "ORDER-" + entry.reference(),
              amount,
              entry.currency(),
              status,
              entry.method().equals("card") ? "credit_card" : entry.method());
    } else {
      if (amountPaid != null) {
        // What the customer paid; whether KOMOJU reports it so is the sandbox's assumption.
        payment.put("amount", amountPaid).put("total", amountPaid);
      }
      body = Json.string(WebhookEvents.komojuEvent(id, type, payment, WebhookEvents.now()));
    }
    return new Webhook(id, entry.gateway(), type, entry.id(), entry.reference(), body);
  }

  /**
   * PayPay notifies an instant payment only when it completes: nothing for an expiry, a cancel or a
   * refund.
   */
  private static List<Webhook> payPay(LedgerEntry entry, ObjectNode details, Long amountPaid) {
    if (entry.status() != LedgerStatus.PAID) {
      return List.of();
    }
    long acceptedAt =
        details == null
            ? Instant.now().getEpochSecond()
            : details.path("acceptedAt").asLong(Instant.now().getEpochSecond());
    String body =
        WebhookEvents.payPayTransaction(
            details == null ? null : Json.text(details, "paymentId"),
            entry.id(),
            amountPaid != null ? amountPaid : entry.amount(),
            Instant.ofEpochSecond(acceptedAt).toString());
    String id = WebhookEvents.newEventId(PayPayApi.NAME);
    return List.of(
        new Webhook(id, entry.gateway(), "COMPLETED", entry.id(), entry.reference(), body));
  }

  private static Webhook twoC2p(
      LedgerEntry entry, ObjectNode invoice, Long amountPaid, String secret) {
    String respCode =
        switch (entry.status()) {
          case PAID, PARTIALLY_REFUNDED, REFUNDED -> "0000";
          case PENDING -> "0001";
          case FAILED -> "4005";
          // 2C2P documents no code for a lapsed payment; 0003 (cancelled) is the sandbox's choice.
          case EXPIRED, CANCELLED -> "0003";
        };
    Map<String, Object> claims =
        WebhookEvents.twoC2pClaims(
            invoice == null ? "" : invoice.path("merchantID").asText(""),
            entry.idempotencyKey(),
            amountPaid != null ? amountPaid : entry.amount(),
            entry.currency(),
            respCode,
            entry.id());
    if ("card".equals(entry.method())) {
      claims.put("approvalCode", invoice == null ? "" : invoice.path("approvalCode").asText(""));
      claims.put("eci", "05");
      claims.put("channelCode", "CC");
      claims.put("issuerCountry", "JP");
    }
    String id = WebhookEvents.newEventId(TwoC2pApi.NAME);
    return new Webhook(
        id,
        entry.gateway(),
        respCode,
        entry.id(),
        entry.reference(),
        WebhookSigner.twoC2pBody(claims, secret));
  }
}
