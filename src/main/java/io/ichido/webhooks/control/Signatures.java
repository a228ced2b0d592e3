package io.ichido.webhooks.control;

import io.ichido.payments.gateway.WebhookRejected;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** HMAC-SHA256 and the constant-time comparison every signature check goes through. */
final class Signatures {

  private Signatures() {}

  static byte[] hmacSha256(byte[] key, byte[]... parts) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key, "HmacSHA256"));
      for (byte[] part : parts) {
        mac.update(part);
      }
      return mac.doFinal();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("Every Java runtime has HmacSHA256", e);
    }
  }

  /**
   * Refuses the delivery unless one of the hex {@code signatures} is the HMAC of {@code signed}
   * under one of the {@code keys} (several of each while secrets rotate). Malformed hex is simply
   * not equal.
   */
  static void requireOneHex(
      String gateway, List<byte[]> keys, Collection<String> signatures, byte[]... signed) {
    requireOne(
        gateway,
        keys,
        signatures.stream().map(Signatures::parseHex).filter(Objects::nonNull).toList(),
        signed);
  }

  /**
   * Refuses the delivery unless one of the raw {@code signatures} is the HMAC of {@code signed}
   * under one of the {@code keys}. Every pair is compared, in constant time, so the time taken does
   * not tell which one matched or where a guess went wrong.
   */
  static void requireOne(
      String gateway, List<byte[]> keys, Collection<byte[]> signatures, byte[]... signed) {
    boolean verified = false;
    for (byte[] key : keys) {
      byte[] expected = hmacSha256(key, signed);
      for (byte[] signature : signatures) {
        verified |= MessageDigest.isEqual(expected, signature);
      }
    }
    if (!verified) {
      throw new WebhookRejected(gateway, "signature does not verify");
    }
  }

  static List<byte[]> utf8(List<String> secrets) {
    return secrets.stream().map(Signatures::utf8).toList();
  }

  static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  /** The bytes of hex text in either case, or null when it is not hex. */
  private static byte[] parseHex(String hex) {
    try {
      return HexFormat.of().parseHex(hex.trim());
    } catch (IllegalArgumentException malformed) {
      return null;
    }
  }
}
