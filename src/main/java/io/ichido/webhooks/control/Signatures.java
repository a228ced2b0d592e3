package io.ichido.webhooks.control;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
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
   * under one of the {@code keys} (several of each while secrets rotate). Every pair is compared,
   * so the time taken does not tell which one matched.
   */
  static void requireOne(
      String gateway, List<byte[]> keys, Collection<String> signatures, byte[]... signed) {
    boolean verified = false;
    for (byte[] key : keys) {
      byte[] expected = hmacSha256(key, signed);
      for (String signature : signatures) {
        verified |= matchesHex(expected, signature.trim());
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

  /**
   * Whether the hex text {@code given} is the MAC {@code expected}; the comparison takes the same
   * time wherever the first difference is, and malformed hex is simply not equal.
   */
  static boolean matchesHex(byte[] expected, String given) {
    if (given == null || given.length() != expected.length * 2) {
      return false;
    }
    byte[] decoded;
    try {
      decoded = HexFormat.of().parseHex(given.trim().toLowerCase(java.util.Locale.ROOT));
    } catch (IllegalArgumentException malformed) {
      return false;
    }
    return MessageDigest.isEqual(expected, decoded);
  }
}
