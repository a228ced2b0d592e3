package io.ichido.webhooks.control;

import com.auth0.jwt.JWT;
import com.auth0.jwt.algorithms.Algorithm;
import com.auth0.jwt.exceptions.JWTVerificationException;
import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.payments.entity.GatewayNotice;
import io.ichido.payments.entity.GatewayNotice.Outcome;
import io.ichido.webhooks.entity.ReceivedEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.HttpHeaders;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Locale;
import java.util.Optional;

/**
 * 2C2P's backend notification: {@code {"payload":"<JWT>"}}, HS256 with the merchant's secret key
 * (the one its API calls use). 2C2P gives a notification no id of its own, so the event id is
 * {@code <invoiceNo>:<respCode>:<tranRef>}: one per outcome of one invoice.
 */
@ApplicationScoped
public class TwoC2pWebhooks implements GatewayWebhooks {

  static final String NAME = "2c2p";

  @Inject WebhookSettings settings;

  @Override
  public String gateway() {
    return NAME;
  }

  @Override
  public ReceivedEvent read(HttpHeaders headers, byte[] body) {
    String token = EventJson.parse(NAME, body).path("payload").asText(null);
    if (token == null || token.isBlank()) {
      throw new WebhookRejected(NAME, "has no payload");
    }
    JsonNode claims;
    try {
      Algorithm hs256 = Algorithm.HMAC256(settings.value("ichido.gateway.2c2p.secret-key"));
      String json =
          new String(
              Base64.getUrlDecoder().decode(JWT.require(hs256).build().verify(token).getPayload()),
              StandardCharsets.UTF_8);
      claims = EventJson.parse(NAME, json.getBytes(StandardCharsets.UTF_8));
    } catch (JWTVerificationException | IllegalArgumentException e) {
      throw new WebhookRejected(NAME, "payload signature does not verify");
    }
    String merchant = settings.value("ichido.gateway.2c2p.merchant-id");
    if (!merchant.equals(claims.path("merchantID").asText())) {
      throw new WebhookRejected(NAME, "is for another merchant");
    }
    String invoice = EventJson.required(NAME, claims, "invoiceNo");
    String code = EventJson.required(NAME, claims, "respCode");
    String tranRef = claims.path("tranRef").asText("");
    String eventId = invoice + ":" + code + ":" + tranRef;
    Outcome outcome =
        switch (code) {
          case "0000" -> Outcome.SUCCEEDED;
          case "0003" -> Outcome.EXPIRED;
          default -> code.startsWith("4") ? Outcome.FAILED : null; // 0001, 2xxx: still pending
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
                outcome == Outcome.SUCCEEDED ? null : code)));
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
