package io.ichido.sandbox;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * How each gateway signs its webhooks. Public so that integration tests can forge, re-sign or
 * tamper with events exactly as the sandbox signs them: a test of Ichido's signature checks needs a
 * correctly signed event next to a wrongly signed one.
 */
public final class WebhookSigner {

  private static final String HMAC_SHA256 = "HmacSHA256";

  private WebhookSigner() {}

  /**
   * Stripe's {@code Stripe-Signature} header: {@code t=<unixSeconds>,v1=<hex HMAC-SHA256>} of
   * {@code "<unixSeconds>.<body>"}, keyed with the endpoint secret's UTF-8 bytes.
   */
  public static String stripeSignatureHeader(String body, String secret, long unixSeconds) {
    return "t="
        + unixSeconds
        + ",v1="
        + hmacSha256Hex(secret.getBytes(StandardCharsets.UTF_8), unixSeconds + "." + body);
  }

  /**
   * Omise's {@code Omise-Signature} header: the hex HMAC-SHA256 of {@code "<unixSeconds>.<body>"},
   * keyed with the base64-decoded secret. The timestamp goes in {@code Omise-Signature-Timestamp}.
   */
  public static String omiseSignature(String body, String base64Secret, long unixSeconds) {
    return hmacSha256Hex(Base64.getDecoder().decode(base64Secret), unixSeconds + "." + body);
  }

  /**
   * KOMOJU's {@code X-Komoju-Signature} header: the hex HMAC-SHA256 of the body, keyed with the
   * secret token's UTF-8 bytes. KOMOJU signs no timestamp.
   */
  public static String komojuSignature(String body, String token) {
    return hmacSha256Hex(token.getBytes(StandardCharsets.UTF_8), body);
  }

  /**
   * 2C2P's backend notification body: {@code {"payload":"<HS256 JWT of claims>"}}, signed with the
   * merchant secret. A {@link java.math.BigDecimal} amount keeps its scale ({@code 5672.00}).
   */
  public static String twoC2pBody(Map<String, Object> claims, String secret) {
    String token = new Hs256(secret).sign(claims);
    return Json.string(Json.object().put("payload", token));
  }

  /** The lowercase hex HMAC-SHA256 of the message's UTF-8 bytes. */
  public static String hmacSha256Hex(byte[] key, String message) {
    try {
      Mac mac = Mac.getInstance(HMAC_SHA256);
      mac.init(new SecretKeySpec(key, HMAC_SHA256));
      return HexFormat.of().formatHex(mac.doFinal(message.getBytes(StandardCharsets.UTF_8)));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HMAC-SHA256 is part of every JDK.", e);
    }
  }

  /**
   * The signature headers of one delivery attempt, signed at {@code unixSeconds}. 2C2P has none:
   * its body is the signed JWT; PayPay has none: it signs nothing. KOMOJU also names the event in
   * headers, as KOMOJU does.
   */
  static Map<String, String> headers(Webhook webhook, long unixSeconds) {
    Map<String, String> headers = new LinkedHashMap<>();
    String body = webhook.body();
    switch (webhook.gateway()) {
      case StripeApi.NAME ->
          headers.put(
              "Stripe-Signature", stripeSignatureHeader(body, WebhookSecrets.STRIPE, unixSeconds));
      case OmiseApi.NAME -> {
        headers.put("Omise-Signature", omiseSignature(body, WebhookSecrets.OMISE, unixSeconds));
        headers.put("Omise-Signature-Timestamp", Long.toString(unixSeconds));
      }
      case KomojuApi.NAME -> {
        headers.put("X-Komoju-Signature", komojuSignature(body, WebhookSecrets.KOMOJU));
        headers.put("X-Komoju-ID", webhook.eventId());
        headers.put("X-Komoju-Event", webhook.type());
      }
      default -> {
        // 2C2P: signed inside the body; PayPay: not signed at all.
      }
    }
    return headers;
  }
}
