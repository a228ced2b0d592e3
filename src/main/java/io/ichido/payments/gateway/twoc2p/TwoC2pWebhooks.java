package io.ichido.payments.gateway.twoc2p;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.payments.entity.GatewayNotice;
import io.ichido.payments.entity.GatewayNotice.Outcome;
import io.ichido.payments.gateway.EventJson;
import io.ichido.payments.gateway.GatewayWebhook;
import io.ichido.payments.gateway.ReceivedEvent;
import io.ichido.payments.gateway.SignatureFrame;
import io.ichido.payments.gateway.WebhookRejected;
import io.ichido.platform.control.Json;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.HttpHeaders;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * 2C2P's backend notification: {@code {"payload":"<JWT>"}}, HS256 with the merchant's secret key
 * (the one its API calls use; {@code ichido.webhooks.2c2p.secrets} instead while it rotates). 2C2P
 * gives a notification no id of its own, so the event id is {@code
 * <invoiceNo>:<respCode>:<tranRef>}: one per outcome of one invoice. It signs no time either: an
 * event whose {@code transactionDateTime} is older than its id is remembered is refused; one
 * without that claim has only its id.
 */
@ApplicationScoped
public class TwoC2pWebhooks implements GatewayWebhook {

  private static final String NAME = TwoC2pGateway.NAME;

  /** {@code yyyyMMddHHmmss} in Japan time (the sandbox's assumption; see the wire formats). */
  private static final DateTimeFormatter TRANSACTION_TIME =
      DateTimeFormatter.ofPattern("uuuuMMddHHmmss").withZone(ZoneId.of("Asia/Tokyo"));

  private static final Base64.Decoder BASE64URL = Base64.getUrlDecoder();

  @Inject SignatureFrame frame;

  @Override
  public String gateway() {
    return NAME;
  }

  @Override
  public ReceivedEvent read(HttpHeaders headers, byte[] body) {
    JsonNode claims = EventJson.parse(NAME, verifiedClaims(token(body)));
    String merchant = frame.value("ichido.gateway.2c2p.merchant-id");
    if (!merchant.equals(claims.path("merchantID").asText())) {
      throw new WebhookRejected(NAME, "is for another merchant");
    }
    String invoice = EventJson.required(NAME, claims, "invoiceNo");
    String code = EventJson.required(NAME, claims, "respCode");
    String tranRef = claims.path("tranRef").asText("");
    String eventId = invoice + ":" + code + ":" + tranRef;
    String transactionTime = EventJson.text(claims, "transactionDateTime");
    if (transactionTime != null && !transactionTime.isBlank()) {
      frame.requireWithinRetention(NAME, eventId, transactionTime(eventId, transactionTime));
    }
    TwoC2pCode meaning = TwoC2pCode.of(code);
    Outcome outcome =
        switch (meaning.meaning()) {
          case SUCCESS, SETTLED -> Outcome.SUCCEEDED;
          case EXPIRED -> Outcome.EXPIRED;
          case DECLINED, CANCELLED -> Outcome.FAILED;
          case REFUNDED -> Outcome.REFUNDED;
          case CHARGEBACK -> Outcome.DISPUTED;
          default -> null; // pending, in progress, or not a payment's outcome: nothing to apply
        };
    if (outcome == null) {
      return new ReceivedEvent(NAME, eventId, "respCode " + code, Optional.empty());
    }
    long amount = amount(claims.path("amount"));
    return new ReceivedEvent(
        NAME,
        eventId,
        "respCode " + code,
        Optional.of(
            new GatewayNotice(
                NAME,
                invoice,
                invoice,
                null,
                outcome,
                amount,
                claims.path("currencyCode").asText("").toUpperCase(Locale.ROOT),
                outcome == Outcome.SUCCEEDED ? null : code + " " + meaning.text(),
                null,
                outcome == Outcome.DISPUTED ? chargedBack(amount) : null)));
  }

  /**
   * A chargeback is money the customer's bank took back, {@code amount} of it, and the last 2C2P
   * says of it: 2C2P lists 4130 "Chargeback" with the action "Dispute filed — respond via portal"
   * (github.com/2C2P/agent-skills @ e2813937, its troubleshooting steering file, "Settlement &
   * Refund") and has no code for a dispute the merchant wins or for funds given back: whatever is
   * contested is contested in its portal, out of its API's sight. So it is closed as lost when
   * told, and its one movement seen.
   */
  private static GatewayNotice.DisputeMoney chargedBack(long amount) {
    return new GatewayNotice.DisputeMoney(amount, 1, true, false);
  }

  /**
   * The JWT, the one thing read from the body before the signature is checked. The body is at most
   * {@code ichido.webhooks.max-body-bytes} long, and this is one streaming pass over it that keeps
   * nothing but that one string: other members are skipped unbuilt (within Jackson's nesting and
   * length limits), so a hostile body costs time linear in those few bytes and no more memory.
   */
  private static String token(byte[] body) {
    try (JsonParser json = Json.MAPPER.getFactory().createParser(body)) {
      if (json.nextToken() != JsonToken.START_OBJECT) {
        throw new WebhookRejected(NAME, "body is not a JSON object");
      }
      String token = null;
      while (json.nextToken() == JsonToken.FIELD_NAME) {
        String member = json.currentName();
        if (json.nextToken() == JsonToken.VALUE_STRING && "payload".equals(member)) {
          token = json.getText();
        } else {
          json.skipChildren();
        }
      }
      if (token == null || token.isBlank()) {
        throw new WebhookRejected(NAME, "has no payload");
      }
      return token;
    } catch (IOException e) {
      throw new WebhookRejected(NAME, "body is not JSON");
    }
  }

  /**
   * The JWT's claims, decoded only once its HS256 signature verifies under one of the secrets. Not
   * java-jwt's verifier: it parses the header and the claims before it checks the signature. The
   * HMAC is HS256 whatever the header says, so its {@code alg} cannot weaken the check.
   */
  private byte[] verifiedClaims(String token) {
    String[] parts = token.split("\\.", -1);
    if (parts.length != 3) {
      throw new WebhookRejected(NAME, "payload is not a signed JWT");
    }
    byte[] signature;
    try {
      signature = BASE64URL.decode(parts[2]);
    } catch (IllegalArgumentException e) {
      throw new WebhookRejected(NAME, "payload signature is not base64url");
    }
    frame.requireOne(
        NAME,
        SignatureFrame.utf8(secrets()),
        List.of(signature),
        SignatureFrame.utf8(parts[0] + "." + parts[1]));
    try {
      return BASE64URL.decode(parts[1]);
    } catch (IllegalArgumentException e) {
      throw new WebhookRejected(NAME, "payload claims are not base64url");
    }
  }

  /** The webhook secrets when set (during a rotation), else the merchant secret key. */
  private List<String> secrets() {
    List<String> secrets = frame.secrets(NAME);
    return secrets.isEmpty() ? List.of(frame.value("ichido.gateway.2c2p.secret-key")) : secrets;
  }

  private static Instant transactionTime(String eventId, String text) {
    try {
      return TRANSACTION_TIME.parse(text, Instant::from);
    } catch (DateTimeException e) {
      throw new WebhookRejected(
          NAME, "event " + eventId + " has a transactionDateTime that is no time");
    }
  }

  /** 2C2P writes amounts as numbers or as decimal strings ("1234.00"). */
  private static long amount(JsonNode amount) {
    try {
      return amount.isNumber()
          ? amount.decimalValue().longValueExact()
          : new BigDecimal(amount.asText()).longValueExact();
    } catch (ArithmeticException | NumberFormatException e) {
      throw new WebhookRejected(NAME, "amount is not a whole number");
    }
  }
}
