package io.ichido.sandbox;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.stripe.Stripe;
import io.ichido.payments.gateway.twoc2p.TwoC2pCode;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Currency;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The webhook events the sandbox sends, in each gateway's own shape (the Webhooks section of {@code
 * docs/gateway-wire-formats.md}). Public so that integration tests can build the event for any
 * order, sign it with {@link WebhookSigner} and post it themselves: forged, replayed, late or
 * tampered. Amounts are in the currency's smallest unit, as everywhere in the sandbox; the builders
 * return the exact JSON text to sign and send.
 */
public final class WebhookEvents {

  /**
   * The Stripe API version of the stripe-java Ichido is built with: stripe-java deserializes the
   * data object only of events whose {@code api_version} is its own, so the sandbox follows it.
   */
  public static final String STRIPE_API_VERSION = Stripe.API_VERSION;

  /** The {@code merchant_id} of the sandbox's PayPay events. */
  public static final String PAYPAY_MERCHANT_ID = "sandbox-merchant";

  private static final ZoneId JAPAN = ZoneId.of("Asia/Tokyo");
  private static final DateTimeFormatter TWO_C2P_TIME =
      DateTimeFormatter.ofPattern("yyyyMMddHHmmss");

  private WebhookEvents() {}

  /**
   * A fresh event id in the gateway's own form: Stripe {@code evt_...}, Omise {@code
   * evnt_test_...}, KOMOJU 25 lowercase characters; 2C2P notifications carry none, so the sandbox
   * names its own deliveries {@code 2c2p_...}.
   */
  public static String newEventId(String gateway) {
    return switch (gateway) {
      case StripeApi.NAME -> Ids.alphanumeric("evt_", 24);
      case OmiseApi.NAME -> Ids.lowercase("evnt_test_", 19);
      case KomojuApi.NAME -> Ids.lowercase("", 25);
      default -> Ids.alphanumeric(gateway + "_", 24);
    };
  }

  /**
   * A Stripe event about a PaymentIntent without metadata, {@code amount_received} being the amount
   * when {@code status} is {@code succeeded} and 0 otherwise. See {@link
   * #stripePaymentIntent(String, String, String, String, long, long, String, String, long)}.
   */
  public static String stripePaymentIntent(
      String eventId,
      String type,
      String paymentIntentId,
      long amount,
      String currency,
      String status,
      long createdUnix) {
    return stripePaymentIntent(
        eventId,
        type,
        paymentIntentId,
        null,
        amount,
        "succeeded".equals(status) ? amount : 0,
        currency,
        status,
        createdUnix);
  }

  /**
   * A Stripe event ({@code "object":"event"}) whose {@code data.object} is a PaymentIntent.
   *
   * @param type {@code payment_intent.succeeded} (status {@code succeeded}), {@code
   *     payment_intent.payment_failed} (status {@code requires_payment_method}; the intent then
   *     carries the sandbox's expired-konbini-voucher {@code last_payment_error}) or {@code
   *     payment_intent.canceled} (status {@code canceled})
   * @param orderId {@code metadata.order_id}, or null for no metadata
   * @param amountReceived what the customer paid, {@code amount_received}
   * @param currency written lowercase, as Stripe does
   * @param createdUnix the event's and the intent's {@code created}
   */
  public static String stripePaymentIntent(
      String eventId,
      String type,
      String paymentIntentId,
      String orderId,
      long amount,
      long amountReceived,
      String currency,
      String status,
      long createdUnix) {
    ObjectNode intent = Json.object();
    intent.put("id", paymentIntentId).put("object", "payment_intent").put("amount", amount);
    intent.put("amount_received", amountReceived);
    intent.put("capture_method", "automatic_async").put("confirmation_method", "automatic");
    intent.put("currency", currency.toLowerCase(Locale.ROOT));
    intent.put("created", createdUnix).put("livemode", false).put("status", status);
    intent.putNull("latest_charge").putNull("next_action");
    if ("payment_intent.payment_failed".equals(type)) {
      intent.set("last_payment_error", stripeExpiredVoucher());
    } else {
      intent.putNull("last_payment_error");
    }
    ObjectNode metadata = intent.putObject("metadata");
    if (orderId != null) {
      metadata.put("order_id", orderId);
    }
    return Json.string(stripeEvent(eventId, type, intent, createdUnix));
  }

  /**
   * A Stripe {@code charge.refunded} event whose {@code data.object} is the Charge of a
   * PaymentIntent, refunded in part or in whole.
   *
   * @param chargeId the intent's {@code latest_charge}
   * @param orderId {@code metadata.order_id} (Stripe copies the intent's metadata onto its Charge),
   *     or null for no metadata
   * @param amountRefunded all refunds of the charge together; {@code refunded} is true when that is
   *     the whole {@code amount}
   * @param createdUnix the event's and the charge's {@code created}
   */
  public static String stripeChargeRefunded(
      String eventId,
      String chargeId,
      String paymentIntentId,
      String orderId,
      long amount,
      long amountRefunded,
      String currency,
      long createdUnix) {
    ObjectNode metadata = Json.object();
    if (orderId != null) {
      metadata.put("order_id", orderId);
    }
    ObjectNode charge =
        stripeCharge(
            chargeId, paymentIntentId, amount, amountRefunded, currency, metadata, createdUnix);
    return Json.string(stripeEvent(eventId, "charge.refunded", charge, createdUnix));
  }

  /** A PaymentIntent's succeeded Charge as Stripe shows it, {@code amountRefunded} given back. */
  static ObjectNode stripeCharge(
      String chargeId,
      String paymentIntentId,
      long amount,
      long amountRefunded,
      String currency,
      ObjectNode metadata,
      long createdUnix) {
    ObjectNode charge = Json.object();
    charge.put("id", chargeId).put("object", "charge").put("amount", amount);
    charge.put("amount_captured", amount).put("amount_refunded", amountRefunded);
    charge.put("captured", true).put("created", createdUnix);
    charge.put("currency", currency.toLowerCase(Locale.ROOT)).put("livemode", false);
    charge.set("metadata", metadata);
    charge.put("paid", true).put("payment_intent", paymentIntentId);
    charge.put("refunded", amountRefunded == amount).put("status", "succeeded");
    charge.putNull("failure_code").putNull("failure_message").put("disputed", false);
    // Ichido sends no billing details with a card: Stripe still lists them, each null.
    ObjectNode billing = charge.putObject("billing_details");
    billing.putNull("address").putNull("email").putNull("name").putNull("phone");
    return charge;
  }

  /** Stripe's event envelope around an object (a PaymentIntent, a Charge) as the API shows it. */
  static ObjectNode stripeEvent(String eventId, String type, ObjectNode object, long createdUnix) {
    ObjectNode event = Json.object();
    event.put("id", eventId).put("object", "event").put("api_version", STRIPE_API_VERSION);
    event.put("created", createdUnix).put("livemode", false).put("type", type);
    event.putObject("data").set("object", object);
    event.put("pending_webhooks", 1);
    event.putObject("request").putNull("id").putNull("idempotency_key");
    return event;
  }

  /** The {@code last_payment_error} of a PaymentIntent whose konbini voucher lapsed unpaid. */
  static ObjectNode stripeExpiredVoucher() {
    ObjectNode error = Json.object().put("type", "invalid_request_error");
    error.put("code", "payment_intent_payment_attempt_expired");
    error.put("message", "The konbini voucher expired.");
    return error;
  }

  /** An Omise event about a charge without metadata; see the overload with {@code orderId}. */
  public static String omise(
      String eventId, String key, String chargeId, long amount, String currency, String status) {
    return omise(eventId, key, chargeId, null, amount, currency, status);
  }

  /**
   * An Omise event ({@code "object":"event"}) whose {@code data} is a charge, created now.
   *
   * @param key {@code charge.complete} (status {@code successful} or {@code failed}) or {@code
   *     charge.expire} (status {@code expired}; the key is the sandbox's assumption)
   * @param orderId {@code metadata.order_id}, or null for no metadata
   * @param currency written uppercase, as Omise does
   */
  public static String omise(
      String eventId,
      String key,
      String chargeId,
      String orderId,
      long amount,
      String currency,
      String status) {
    String now = now();
    boolean paid = "successful".equals(status);
    ObjectNode charge = Json.object();
    charge.put("object", "charge").put("id", chargeId).put("livemode", false);
    charge.put("location", "/charges/" + chargeId).put("amount", amount);
    charge.put("currency", currency.toUpperCase(Locale.ROOT)).put("capture", true);
    charge.put("status", status).put("paid", paid).put("authorized", paid);
    charge.put("expired", "expired".equals(status)).putNull("authorize_uri");
    if ("failed".equals(status)) {
      charge.put("failure_code", "insufficient_fund");
      charge.put(
          "failure_message",
          "insufficient funds in the account or the card has reached the credit limit");
    } else {
      charge.putNull("failure_code").putNull("failure_message");
    }
    charge.put("paid_at", paid ? now : null).put("created_at", now);
    ObjectNode metadata = charge.putObject("metadata");
    if (orderId != null) {
      metadata.put("order_id", orderId);
    }
    return Json.string(omiseEvent(eventId, key, charge, now));
  }

  /** Omise's event envelope around a charge as the sandbox's API shows it. */
  static ObjectNode omiseEvent(String eventId, String key, ObjectNode charge, String createdAt) {
    ObjectNode event = Json.object();
    event.put("object", "event").put("id", eventId).put("livemode", false);
    event.put("location", "/events/" + eventId).put("key", key).put("created_at", createdAt);
    event.set("data", charge);
    return event;
  }

  /**
   * A KOMOJU event ({@code "resource":"event"}) whose {@code data} is a payment, created now.
   *
   * @param type {@code payment.captured} (status {@code captured}), {@code payment.expired} ({@code
   *     expired}), {@code payment.authorized}, {@code payment.cancelled}, {@code payment.failed} or
   *     {@code payment.refunded}
   * @param externalOrderNum as Ichido sent it: {@code ORDER-<order id>}
   * @param amount written as {@code amount} and {@code total} (no tax, no fee)
   * @param paymentMethodType {@code payment_details.type}: {@code konbini}, {@code bank_transfer},
   *     {@code paypay}, {@code rakutenpay}, {@code credit_card}
   */
  public static String komoju(
      String eventId,
      String type,
      String paymentId,
      String externalOrderNum,
      long amount,
      String currency,
      String status,
      String paymentMethodType) {
    String now = now();
    ObjectNode payment = Json.object();
    payment.put("id", paymentId).put("resource", "payment").put("status", status);
    payment.put("amount", amount).put("tax", 0).put("total", amount).put("payment_method_fee", 0);
    payment.put("currency", currency.toUpperCase(Locale.ROOT));
    payment.put("external_order_num", externalOrderNum).put("created_at", now);
    payment.put("captured_at", "captured".equals(status) ? now : null);
    payment.put("amount_refunded", "refunded".equals(status) ? amount : 0);
    payment.putNull("payment_deadline").putObject("metadata");
    payment.putObject("payment_details").put("type", paymentMethodType);
    return Json.string(komojuEvent(eventId, type, payment, now));
  }

  /** KOMOJU's event envelope around a payment as the sandbox's API shows it. */
  static ObjectNode komojuEvent(String eventId, String type, ObjectNode payment, String createdAt) {
    ObjectNode event = Json.object();
    event.put("id", eventId).put("type", type).put("resource", "event");
    event.set("data", payment);
    event.put("created_at", createdAt).putNull("reason");
    return event;
  }

  /**
   * The claims of a 2C2P backend notification (sign them with {@link WebhookSigner#twoC2pBody}).
   * The map is mutable and ordered, so a test can change or drop a claim before signing. Card
   * fields ({@code cardNo}, {@code approvalCode}, {@code eci}, {@code channelCode}, {@code
   * issuerCountry}, {@code agentCode}) are empty strings here.
   *
   * @param amount in the smallest unit; written as 2C2P writes it, {@code 5672.00} for 5672 JPY
   * @param respCode {@code 0000} paid, {@code 0003} cancelled (lapsed, the sandbox's choice),
   *     {@code 4005} declined, {@code 4130} chargeback; {@code respDesc} from {@link TwoC2pCode}
   * @param tranRef also written as {@code referenceNo}
   */
  public static Map<String, Object> twoC2pClaims(
      String merchantId,
      String invoiceNo,
      long amount,
      String currency,
      String respCode,
      String tranRef) {
    String code = currency.toUpperCase(Locale.ROOT);
    Map<String, Object> claims = new LinkedHashMap<>();
    claims.put("merchantID", merchantId);
    claims.put("invoiceNo", invoiceNo);
    // As 2C2P's own backend notification sample: the masked card number, the amount as a string.
    claims.put("accountNo", "411111XXXXXX1111");
    claims.put("amount", twoC2pAmount(amount, code).toPlainString());
    claims.put("currencyCode", code);
    claims.put("tranRef", tranRef);
    claims.put("referenceNo", tranRef);
    claims.put("approvalCode", "");
    claims.put("eci", "");
    claims.put("transactionDateTime", TWO_C2P_TIME.format(Instant.now().atZone(JAPAN)));
    claims.put("agentCode", "");
    claims.put("channelCode", "");
    claims.put("issuerCountry", "");
    claims.put("installmentMerchantAbsorbRate", null);
    claims.put("respCode", respCode);
    claims.put("respDesc", twoC2pDescription(respCode));
    return claims;
  }

  private static String twoC2pDescription(String respCode) {
    return TwoC2pCode.of(respCode).text();
  }

  /** {@code 5672 JPY} is {@code 5672.00}: at least two decimals, as TwoC2pApi writes amounts. */
  private static BigDecimal twoC2pAmount(long smallestUnit, String currency) {
    int digits = Math.max(Currency.getInstance(currency).getDefaultFractionDigits(), 0);
    return BigDecimal.valueOf(smallestUnit, digits).setScale(Math.max(digits, 2));
  }

  /**
   * PayPay's transaction event for a completed payment, which PayPay sends unsigned (it documents
   * no signature, only allow-listing its addresses): {@code {"notification_type":"Transaction",
   * "merchant_id","store_id":null,"pos_id":null,"order_id","merchant_order_id","authorized_at":null,
   * "expires_at":null,"paid_at","order_amount","state":"COMPLETED"}}. {@code order_id} being
   * PayPay's {@code paymentId} is inferred from its reconciliation files (unconfirmed).
   *
   * @param paidAt ISO-8601 UTC, to the second
   * @param amount written as a string, as PayPay's own example does
   */
  public static String payPayTransaction(
      String paymentId, String merchantPaymentId, long amount, String paidAt) {
    ObjectNode event = Json.object();
    event.put("notification_type", "Transaction").put("merchant_id", PAYPAY_MERCHANT_ID);
    event.putNull("store_id").putNull("pos_id").put("order_id", paymentId);
    event.put("merchant_order_id", merchantPaymentId).putNull("authorized_at");
    event.putNull("expires_at").put("paid_at", paidAt).put("order_amount", Long.toString(amount));
    return Json.string(event.put("state", "COMPLETED"));
  }

  /** Now, to the second, as Omise and KOMOJU write times. */
  static String now() {
    return Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
  }
}
