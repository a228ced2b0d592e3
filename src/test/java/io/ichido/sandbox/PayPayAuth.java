package io.ichido.sandbox;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * PayPay's request authentication, {@code Authorization: hmac
 * OPA-Auth:{apiKey}:{macData}:{nonce}:{epoch}:{hash}}, checked as PayPay's SDKs compute it (all
 * four agree, and PayPay's published test vectors match): {@code hash} is Base64(MD5(content type
 * then body)), or {@code empty} without a body, when the content type signed is {@code empty} too;
 * {@code macData} is Base64(HMAC-SHA256 keyed with the secret's UTF-8 bytes) of {@code path,
 * METHOD, nonce, epoch, contentType, hash} joined by newlines; the epoch is at most 120 s away.
 *
 * <p>Unconfirmed: whether PayPay takes the signed content type from the request's {@code
 * Content-Type} header. The sandbox does, exactly as received, so a client must send the very
 * string it signed; the signed path is the whole path the sandbox received, {@code /paypay} prefix
 * included, without the query.
 */
final class PayPayAuth {

  static final String PREFIX = "hmac OPA-Auth:";
  static final String EMPTY = "empty";
  static final long MAX_SKEW_SECONDS = 120;

  private final String apiKey;
  private final String secret;

  PayPayAuth(String apiKey, String secret) {
    this.apiKey = apiKey;
    this.secret = secret;
  }

  /**
   * Whether {@code authorization} signs this request with the sandbox's key and secret at a time
   * within {@link #MAX_SKEW_SECONDS} of {@code nowEpoch}.
   */
  boolean accepts(
      String authorization,
      String path,
      String method,
      String contentType,
      byte[] body,
      long nowEpoch) {
    if (authorization == null || !authorization.startsWith(PREFIX)) {
      return false;
    }
    String[] parts = authorization.substring(PREFIX.length()).split(":", -1);
    if (parts.length != 5 || !parts[0].equals(apiKey) || !parts[3].matches("\\d{1,12}")) {
      return false;
    }
    long epoch = Long.parseLong(parts[3]);
    if (Math.abs(nowEpoch - epoch) > MAX_SKEW_SECONDS) {
      return false;
    }
    boolean hasBody = body != null && body.length > 0;
    String signedType = hasBody ? (contentType == null ? "" : contentType) : EMPTY;
    String hash = hasBody ? hash(signedType, body) : EMPTY;
    String expected = macData(secret, path, method, parts[2], parts[3], signedType, hash);
    return MessageDigest.isEqual(
            parts[1].getBytes(StandardCharsets.UTF_8), expected.getBytes(StandardCharsets.UTF_8))
        && parts[4].equals(hash);
  }

  /** Base64(MD5(content type's UTF-8 bytes, then the body's bytes)). */
  static String hash(String contentType, byte[] body) {
    try {
      MessageDigest md5 = MessageDigest.getInstance("MD5");
      md5.update(contentType.getBytes(StandardCharsets.UTF_8));
      md5.update(body);
      return Base64.getEncoder().encodeToString(md5.digest());
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("MD5 is part of every JDK.", e);
    }
  }

  /** Base64(HMAC-SHA256(secret, path \n METHOD \n nonce \n epoch \n contentType \n hash)). */
  static String macData(
      String secret,
      String path,
      String method,
      String nonce,
      String epoch,
      String contentType,
      String hash) {
    String data = String.join("\n", path, method, nonce, epoch, contentType, hash);
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
      return Base64.getEncoder().encodeToString(mac.doFinal(data.getBytes(StandardCharsets.UTF_8)));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HMAC-SHA256 is part of every JDK.", e);
    }
  }
}
