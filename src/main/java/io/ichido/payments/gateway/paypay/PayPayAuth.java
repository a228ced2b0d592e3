package io.ichido.payments.gateway.paypay;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * PayPay's {@code OPA-Auth} header: {@code hmac OPA-Auth:<key>:<mac>:<nonce>:<epoch>:<hash>}, where
 * {@code hash} is the Base64 MD5 of the content type followed by the body (the literal {@code
 * empty} when there is no body, as is the content type then) and {@code mac} the Base64
 * HMAC-SHA256, keyed with the API secret, of path, method, nonce, epoch, content type and hash
 * joined by newlines. The path is the request's path without host or query. PayPay refuses an epoch
 * more than two minutes from its clock. Checked against PayPay's own published examples.
 */
final class PayPayAuth {

  static final String EMPTY = "empty";
  private static final SecureRandom NONCES = new SecureRandom();

  private final String apiKey;
  private final SecretKeySpec secret;

  PayPayAuth(String apiKey, String apiSecret) {
    this.apiKey = apiKey;
    this.secret = new SecretKeySpec(apiSecret.getBytes(StandardCharsets.UTF_8), "HmacSHA256");
  }

  /** The header for a request now, with a fresh nonce; {@code body} null for none. */
  String header(String method, String path, String contentType, String body) {
    byte[] nonce = new byte[8];
    NONCES.nextBytes(nonce);
    return header(
        method,
        path,
        contentType,
        body,
        HexFormat.of().formatHex(nonce),
        System.currentTimeMillis() / 1000);
  }

  String header(
      String method, String path, String contentType, String body, String nonce, long epoch) {
    String signedType = body == null ? EMPTY : contentType;
    String hash = body == null ? EMPTY : hash(contentType, body);
    String signed = String.join("\n", path, method, nonce, Long.toString(epoch), signedType, hash);
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(secret);
      String macData =
          Base64.getEncoder().encodeToString(mac.doFinal(signed.getBytes(StandardCharsets.UTF_8)));
      return "hmac OPA-Auth:" + apiKey + ":" + macData + ":" + nonce + ":" + epoch + ":" + hash;
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("Every Java runtime has HmacSHA256", e);
    }
  }

  private static String hash(String contentType, String body) {
    try {
      MessageDigest md5 = MessageDigest.getInstance("MD5");
      md5.update(contentType.getBytes(StandardCharsets.UTF_8));
      md5.update(body.getBytes(StandardCharsets.UTF_8));
      return Base64.getEncoder().encodeToString(md5.digest());
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("Every Java runtime has MD5", e);
    }
  }
}
