package io.ichido.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Locale;

/**
 * What the faults {@code alter_amount}, {@code alter_currency} and {@code alter_status} do to an
 * answer: the gateway did its work and keeps the truth, only the answer the app reads says one
 * smallest unit more, or another currency (USD, or JPY for an answer in USD), written as the
 * gateway writes currencies. 2C2P's signed answers are altered by {@link TwoC2pApi} itself.
 */
final class AlteredAnswers {

  /** The status {@code alter_status} writes: no gateway has such a word. */
  static final String UNHEARD_STATUS = "unheard_of";

  private AlteredAnswers() {}

  /**
   * A JSON answer with its payment altered: the top-level object when it has an {@code amount}
   * (Stripe's PaymentIntent, Omise's charge, KOMOJU's payment), else Stripe's declined {@code
   * error.payment_intent}; any other answer unchanged.
   */
  static SandboxResponse json(SandboxResponse response, FaultMode mode) {
    JsonNode body = Json.parse(response.body());
    JsonNode payment = body != null && body.has("amount") ? body : declinedIntent(body);
    return altered(response, body, payment, mode);
  }

  /** A JSON answer with the payment at {@code pointer} altered (PayPay: {@code /data/amount}). */
  static SandboxResponse jsonAt(SandboxResponse response, FaultMode mode, String pointer) {
    JsonNode body = Json.parse(response.body());
    return altered(response, body, body == null ? null : body.at(pointer), mode);
  }

  private static SandboxResponse altered(
      SandboxResponse response, JsonNode body, JsonNode payment, FaultMode mode) {
    if (!(payment instanceof ObjectNode object)) {
      return response;
    }
    alter(object, mode);
    return response.withBody(Json.bytes(body));
  }

  private static JsonNode declinedIntent(JsonNode body) {
    return body == null ? null : body.path("error").get("payment_intent");
  }

  /**
   * Adds one to the integer {@code amount}, changes {@code currency}, or makes {@code status} a
   * word the gateway never documented.
   */
  private static void alter(ObjectNode payment, FaultMode mode) {
    String currency = Json.text(payment, "currency");
    if (mode == FaultMode.ALTER_STATUS && payment.has("status")) {
      payment.put("status", UNHEARD_STATUS);
    } else if (mode == FaultMode.ALTER_CURRENCY && currency != null) {
      payment.put("currency", otherCurrency(currency));
    } else if (mode == FaultMode.ALTER_AMOUNT && payment.path("amount").isIntegralNumber()) {
      payment.put("amount", payment.get("amount").longValue() + 1);
    }
  }

  /** USD, or JPY for USD; lowercase when the gateway writes it so (Stripe). */
  static String otherCurrency(String currency) {
    String other = currency.equalsIgnoreCase("USD") ? "JPY" : "USD";
    return currency.equals(currency.toLowerCase(Locale.ROOT))
        ? other.toLowerCase(Locale.ROOT)
        : other;
  }
}
