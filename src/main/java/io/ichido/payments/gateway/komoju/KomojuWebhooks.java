package io.ichido.payments.gateway.komoju;

import com.fasterxml.jackson.databind.JsonNode;
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
import java.time.DateTimeException;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * KOMOJU: {@code X-Komoju-Signature} is the hex HMAC-SHA256 of the raw body keyed with the
 * webhook's secret token. KOMOJU signs no timestamp, so a replayed delivery is stopped by its event
 * id, and once that could be forgotten by the event's own {@code created_at}; an event without one
 * has only its id. Events wrap a payment object; {@code external_order_num} carries our {@code
 * ORDER-<id>}.
 */
@ApplicationScoped
public class KomojuWebhooks implements GatewayWebhook {

  private static final String NAME = KomojuGateway.NAME;

  @Inject SignatureFrame frame;

  @Override
  public String gateway() {
    return NAME;
  }

  @Override
  public ReceivedEvent read(HttpHeaders headers, byte[] body) {
    String signature = headers.getHeaderString("X-Komoju-Signature");
    if (signature == null || signature.isBlank()) {
      throw new WebhookRejected(NAME, "has no X-Komoju-Signature header");
    }
    frame.requireOneHex(NAME, SignatureFrame.utf8(frame.secrets(NAME)), List.of(signature), body);
    JsonNode event = EventJson.parse(NAME, body);
    String id = EventJson.required(NAME, event, "id");
    String type = EventJson.required(NAME, event, "type");
    String created = EventJson.text(event, "created_at");
    if (created != null) {
      frame.requireWithinRetention(NAME, id, createdAt(id, created));
    }
    JsonNode payment = event.path("data");
    Outcome outcome =
        switch (type) {
          case "payment.authorized" -> Outcome.AUTHORIZED;
          case "payment.captured" -> Outcome.SUCCEEDED;
          case "payment.expired" -> Outcome.EXPIRED;
          case "payment.cancelled", "payment.failed" -> Outcome.FAILED;
          // Every refund, partial or not, is a refund.created; the one that leaves nothing is
          // also told as payment.refunded. Both carry the refunded total.
          case "payment.refund.created", "payment.refunded" -> Outcome.REFUNDED;
          default -> null;
        };
    if (outcome == null) {
      return new ReceivedEvent(NAME, id, type, Optional.empty());
    }
    String paymentId = EventJson.text(payment, "id");
    String reference = EventJson.text(payment, "external_order_num");
    if (paymentId == null && reference == null) {
      throw new WebhookRejected(NAME, "event " + id + " names no payment");
    }
    long amount =
        outcome == Outcome.REFUNDED
            ? GatewayHttp.amountOr(
                NAME, payment, "amount_refunded", GatewayHttp.amount(NAME, payment, "amount"))
            : GatewayHttp.amount(NAME, payment, "amount");
    return new ReceivedEvent(
        NAME,
        id,
        type,
        Optional.of(
            new GatewayNotice(
                NAME,
                paymentId,
                reference,
                null,
                outcome,
                amount,
                payment.path("currency").asText("").toUpperCase(Locale.ROOT),
                outcome == Outcome.FAILED || outcome == Outcome.EXPIRED
                    ? type.substring("payment.".length())
                    : null,
                outcome == Outcome.AUTHORIZED ? deadline(payment) : null,
                null)));
  }

  /**
   * The payment's {@code payment_deadline}: by when its customer must pay. Null where it names none
   * or none we can read: the attempt is then read back by its sweep, as before.
   */
  private static Instant deadline(JsonNode payment) {
    String text = EventJson.text(payment, "payment_deadline");
    if (text == null) {
      return null;
    }
    try {
      return DateTimeFormatter.ISO_OFFSET_DATE_TIME.parse(text, Instant::from);
    } catch (DateTimeException unreadable) {
      return null;
    }
  }

  /** KOMOJU writes ISO-8601 times with an offset ({@code Z} or {@code +09:00}). */
  private static Instant createdAt(String eventId, String text) {
    try {
      return DateTimeFormatter.ISO_OFFSET_DATE_TIME.parse(text, Instant::from);
    } catch (DateTimeException e) {
      throw new WebhookRejected(NAME, "event " + eventId + " has a created_at that is no time");
    }
  }
}
