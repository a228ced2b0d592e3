package io.ichido.webhooks.control;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.payments.entity.GatewayNotice;
import io.ichido.payments.entity.GatewayNotice.Outcome;
import io.ichido.webhooks.entity.ReceivedEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.HttpHeaders;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Stripe: {@code Stripe-Signature: t=<unix>,v1=<hex>[,v1=...]}, the hex HMAC-SHA256 of {@code
 * "<t>.<body>"} with the endpoint secret. Any {@code v1} may match (secret rotation); other schemes
 * ({@code v0}) are ignored. Events are Stripe event objects around a PaymentIntent or a Charge.
 */
@ApplicationScoped
public class StripeWebhooks implements GatewayWebhooks {

  static final String NAME = "stripe";

  @Inject WebhookSettings settings;
  @Inject WebhookClock clock;

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
    Long timestamp = null;
    List<String> signatures = new ArrayList<>();
    for (String element : header.split(",")) {
      int eq = element.indexOf('=');
      if (eq <= 0) {
        continue;
      }
      String name = element.substring(0, eq).trim();
      String value = element.substring(eq + 1).trim();
      if (name.equals("t")) {
        timestamp = parseLong(value);
      } else if (name.equals("v1")) {
        signatures.add(value);
      }
    }
    if (timestamp == null || signatures.isEmpty()) {
      throw new WebhookRejected(NAME, "signature header lacks t or v1");
    }
    clock.requireFresh(NAME, timestamp);
    byte[] prefix = Signatures.utf8(timestamp + ".");
    Signatures.requireOne(NAME, Signatures.utf8(settings.secrets(NAME)), signatures, prefix, body);
    return event(EventJson.parse(NAME, body));
  }

  private static ReceivedEvent event(JsonNode event) {
    String id = EventJson.required(NAME, event, "id");
    String type = EventJson.required(NAME, event, "type");
    JsonNode object = event.path("data").path("object");
    Outcome outcome =
        switch (type) {
          case "payment_intent.succeeded" -> Outcome.SUCCEEDED;
          case "payment_intent.payment_failed" ->
              object.path("last_payment_error").path("code").asText("").contains("expired")
                  ? Outcome.EXPIRED
                  : Outcome.FAILED;
          case "payment_intent.canceled" -> Outcome.FAILED;
          case "charge.refunded" -> Outcome.REFUNDED;
          default -> null;
        };
    if (outcome == null) {
      return new ReceivedEvent(NAME, id, type, Optional.empty());
    }
    boolean refund = outcome == Outcome.REFUNDED;
    String chargeId = EventJson.text(object, refund ? "payment_intent" : "id");
    long amount =
        refund
            ? object.path("amount_refunded").asLong()
            : object.path(outcome == Outcome.SUCCEEDED ? "amount_received" : "amount").asLong();
    String reason =
        switch (outcome) {
          case FAILED, EXPIRED ->
              object
                  .path("last_payment_error")
                  .path("code")
                  .asText(object.path("cancellation_reason").asText(type));
          default -> null;
        };
    if (chargeId == null) {
      throw new WebhookRejected(NAME, "event " + id + " names no PaymentIntent");
    }
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
                reason)));
  }

  private static Long parseLong(String value) {
    try {
      return Long.parseLong(value);
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
