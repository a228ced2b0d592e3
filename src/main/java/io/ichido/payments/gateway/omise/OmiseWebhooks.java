package io.ichido.payments.gateway.omise;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.payments.control.GatewayCharge;
import io.ichido.payments.control.Gateways;
import io.ichido.payments.entity.ChargeStatus;
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
import java.util.Base64;
import java.util.List;
import java.util.Optional;

/**
 * Omise: {@code Omise-Signature} is the hex HMAC-SHA256 of {@code "<timestamp>.<body>"} keyed with
 * the base64-decoded webhook secret (two comma-separated values while a secret rolls), with the
 * timestamp in {@code Omise-Signature-Timestamp}. As Omise advises, the event only tells us which
 * charge to look at: its status and amount are read back from the Omise API.
 */
@ApplicationScoped
public class OmiseWebhooks implements GatewayWebhook {

  private static final String NAME = OmiseGateway.NAME;

  @Inject SignatureFrame frame;
  @Inject Gateways gateways;

  @Override
  public String gateway() {
    return NAME;
  }

  @Override
  public ReceivedEvent read(HttpHeaders headers, byte[] body) {
    String signatures = headers.getHeaderString("Omise-Signature");
    String timestamp = headers.getHeaderString("Omise-Signature-Timestamp");
    if (signatures == null || signatures.isBlank() || timestamp == null || timestamp.isBlank()) {
      throw new WebhookRejected(NAME, "lacks Omise-Signature or Omise-Signature-Timestamp");
    }
    long seconds;
    try {
      seconds = Long.parseLong(timestamp.trim());
    } catch (NumberFormatException e) {
      throw new WebhookRejected(NAME, "timestamp is not a number");
    }
    frame.requireFresh(NAME, seconds);
    byte[] prefix = SignatureFrame.utf8(timestamp.trim() + ".");
    List<byte[]> keys = frame.secrets(NAME).stream().map(OmiseWebhooks::decode).toList();
    frame.requireOneHex(NAME, keys, List.of(signatures.split(",")), prefix, body);
    JsonNode event = EventJson.parse(NAME, body);
    String id = EventJson.required(NAME, event, "id");
    String key = EventJson.required(NAME, event, "key");
    JsonNode data = event.path("data");
    if (!key.startsWith("charge.") || !"charge".equals(data.path("object").asText())) {
      return new ReceivedEvent(NAME, id, key, Optional.empty());
    }
    String chargeId = EventJson.required(NAME, data, "id");
    return new ReceivedEvent(NAME, id, key, notice(chargeId, data));
  }

  /** The charge as the Omise API has it now: the event's own copy is not trusted. */
  private Optional<GatewayNotice> notice(String chargeId, JsonNode eventCopy) {
    GatewayCharge charge = gateways.named(NAME).orElseThrow().retrieve(chargeId);
    // Omise tells a refund as a change of the charge: its refunded amount, the status unchanged.
    boolean refund = charge.status() == ChargeStatus.SUCCEEDED && charge.refunded() > 0;
    Outcome outcome =
        switch (charge.status()) {
          case SUCCEEDED -> refund ? Outcome.REFUNDED : Outcome.SUCCEEDED;
          case DECLINED -> isExpired(charge, eventCopy) ? Outcome.EXPIRED : Outcome.FAILED;
          default -> null; // still pending: a later event will settle it
        };
    if (outcome == null) {
      return Optional.empty();
    }
    return Optional.of(
        new GatewayNotice(
            NAME,
            charge.chargeId(),
            EventJson.text(eventCopy.path("metadata"), "reference"),
            EventJson.orderId(eventCopy.path("metadata")),
            outcome,
            refund ? charge.refunded() : charge.amount(),
            charge.currency(),
            charge.failureCode()));
  }

  private static boolean isExpired(GatewayCharge charge, JsonNode eventCopy) {
    return (charge.failureCode() != null && charge.failureCode().contains("expired"))
        || "expired".equals(eventCopy.path("status").asText());
  }

  private static byte[] decode(String secret) {
    try {
      return Base64.getDecoder().decode(secret.trim());
    } catch (IllegalArgumentException e) {
      throw new IllegalStateException("ichido.webhooks.omise.secrets must be base64", e);
    }
  }
}
