package io.ichido.payments.gateway.stripe;

import com.fasterxml.jackson.databind.JsonNode;
import com.stripe.exception.SignatureVerificationException;
import com.stripe.net.Webhook;
import io.ichido.payments.control.GatewayHttp;
import io.ichido.payments.entity.GatewayNotice;
import io.ichido.payments.entity.GatewayNotice.Outcome;
import io.ichido.payments.gateway.EventJson;
import io.ichido.payments.gateway.GatewayWebhook;
import io.ichido.payments.gateway.ReceivedEvent;
import io.ichido.payments.gateway.SignatureFrame;
import io.ichido.payments.gateway.WebhookRejected;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.HttpHeaders;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;

/**
 * Stripe: {@code Stripe-Signature: t=<unix>,v1=<hex>[,v1=...]}, the hex HMAC-SHA256 of {@code
 * "<t>.<body>"} with the endpoint secret, checked by stripe-java's {@code Webhook.Signature} with
 * each configured secret (rotation); like Stripe's own libraries it refuses timestamps older than
 * the tolerance, not ones ahead of our clock. Events are Stripe event objects around a
 * PaymentIntent or a Charge.
 */
@ApplicationScoped
public class StripeWebhooks implements GatewayWebhook {

  private static final String NAME = StripeGateway.NAME;

  @Inject SignatureFrame frame;

  @Override
  public String gateway() {
    return NAME;
  }

  @Override
  public ReceivedEvent read(HttpHeaders headers, byte[] body) {
    String header = headers.getHeaderString("Stripe-Signature");
    if (header == null || header.isBlank()) {
      throw new WebhookRejected(NAME, "has no Stripe-Signature header");
    }
    verify(header, utf8(body));
    return event(EventJson.parse(NAME, body));
  }

  /**
   * Passes when one of the secrets signed the payload at a time within the tolerance. The signature
   * is checked alone first (tolerance 0 turns the time check off), so that the log can tell a stale
   * delivery from a forged one.
   */
  private void verify(String header, String payload) {
    long tolerance = frame.tolerance().toSeconds();
    for (String secret : frame.secrets(NAME)) {
      if (verifies(payload, header, secret, 0)) {
        if (!verifies(payload, header, secret, tolerance)) {
          throw new WebhookRejected(
              NAME, "timestamp is older than the tolerance (" + frame.tolerance() + ")");
        }
        return;
      }
    }
    throw new WebhookRejected(NAME, "signature does not verify");
  }

  private static boolean verifies(String payload, String header, String secret, long tolerance) {
    try {
      return Webhook.Signature.verifyHeader(payload, header, secret, tolerance);
    } catch (SignatureVerificationException e) {
      return false;
    } catch (RuntimeException malformedHeader) {
      // stripe-java parses t= with Long.parseLong and expects "=" in every element.
      throw new WebhookRejected(NAME, "signature header is malformed");
    }
  }

  /**
   * The body as the text stripe-java signs. Strict: lenient decoding would map different bytes to
   * the same text, and the bytes parsed afterwards must be the bytes that were signed.
   */
  private static String utf8(byte[] body) {
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(body))
          .toString();
    } catch (CharacterCodingException e) {
      throw new WebhookRejected(NAME, "body is not UTF-8");
    }
  }

  /**
   * A konbini payment cannot be declined, only left unpaid: when its intent fails, the voucher
   * expired (Stripe tells it about an hour after the deadline, with no code to rely on).
   */
  private static boolean konbini(JsonNode intent) {
    for (JsonNode type : intent.path("payment_method_types")) {
      if ("konbini".equals(type.asText())) {
        return true;
      }
    }
    return "konbini"
        .equals(intent.path("last_payment_error").path("payment_method").path("type").asText());
  }

  private static ReceivedEvent event(JsonNode event) {
    String id = EventJson.required(NAME, event, "id");
    String type = EventJson.required(NAME, event, "type");
    JsonNode object = event.path("data").path("object");
    Outcome outcome =
        switch (type) {
          case "payment_intent.succeeded" -> Outcome.SUCCEEDED;
          case "payment_intent.payment_failed" ->
              konbini(object)
                      || object
                          .path("last_payment_error")
                          .path("code")
                          .asText("")
                          .contains("expired")
                  ? Outcome.EXPIRED
                  : Outcome.FAILED;
          case "payment_intent.canceled" -> Outcome.FAILED;
          // Partial refunds too; amount_refunded is the total so far.
          case "charge.refunded" -> Outcome.REFUNDED;
          case "charge.dispute.created",
              "charge.dispute.updated",
              "charge.dispute.funds_withdrawn",
              "charge.dispute.funds_reinstated",
              "charge.dispute.closed" ->
              Outcome.DISPUTED;
          default -> null;
        };
    if (outcome == null) {
      return new ReceivedEvent(NAME, id, type, Optional.empty());
    }
    // A refund's object is the charge, a dispute's the dispute: both name the PaymentIntent.
    boolean aboutCharge = outcome == Outcome.REFUNDED || outcome == Outcome.DISPUTED;
    String chargeId = EventJson.text(object, aboutCharge ? "payment_intent" : "id");
    long amount =
        switch (outcome) {
          case REFUNDED -> GatewayHttp.amount(NAME, object, "amount_refunded");
          case SUCCEEDED -> GatewayHttp.amount(NAME, object, "amount_received");
          default -> GatewayHttp.amountOr(NAME, object, "amount", 0);
        };
    String reason =
        switch (outcome) {
          case FAILED, EXPIRED ->
              object
                  .path("last_payment_error")
                  .path("code")
                  .asText(object.path("cancellation_reason").asText(type));
          case DISPUTED ->
              "%s %s (%s)"
                  .formatted(
                      object.path("id").asText("dispute"),
                      object.path("status").asText("unknown"),
                      object.path("reason").asText("no reason given"));
          default -> null;
        };
    if (chargeId == null) {
      throw new WebhookRejected(NAME, "event " + id + " names no PaymentIntent");
    }
    GatewayNotice.DisputeMoney disputeMoney =
        outcome == Outcome.DISPUTED ? disputeMoney(type, object) : null;
    return new ReceivedEvent(
        NAME,
        id,
        type,
        Optional.of(
            new GatewayNotice(
                NAME,
                chargeId,
                EventJson.text(object.path("metadata"), "reference"),
                EventJson.orderId(object.path("metadata")),
                outcome,
                amount,
                object.path("currency").asText("").toUpperCase(Locale.ROOT),
                reason,
                null,
                disputeMoney)));
  }

  /**
   * What a dispute holds of its charge now: its {@code balance_transactions} list every movement of
   * its money so far (a withdrawal negative, a reinstatement positive), so their count orders the
   * reports and their sum is what the customer's bank holds. Null where the dispute names none (an
   * inquiry, or a report that lists ids only): it says nothing of the money.
   */
  static GatewayNotice.DisputeMoney disputeMoney(String type, JsonNode dispute) {
    JsonNode movements = dispute.path("balance_transactions");
    if (!movements.isArray()) {
      return null;
    }
    long net = 0;
    for (JsonNode movement : movements) {
      if (!movement.isObject()) {
        return null;
      }
      net += GatewayHttp.signedAmount(NAME, movement, "amount");
    }
    boolean closed = type.equals("charge.dispute.closed");
    return new GatewayNotice.DisputeMoney(
        Math.max(0, -net),
        movements.size(),
        closed,
        closed && "won".equals(dispute.path("status").asText()));
  }
}
