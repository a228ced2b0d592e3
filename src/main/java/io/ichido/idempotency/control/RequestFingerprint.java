package io.ichido.idempotency.control;

import io.ichido.idempotency.boundary.CanonicalJson;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Optional;

/**
 * SHA-256 of what makes two requests "the same": the HTTP method, the matched path and the body (as
 * canonical JSON when it is JSON, as bytes otherwise).
 */
public final class RequestFingerprint {

  private RequestFingerprint() {}

  /**
   * @param json whether the body was declared as JSON ({@code application/json} or {@code +json})
   * @return 64 lower-case hex digits
   */
  public static String of(String method, String path, boolean json, byte[] body) {
    MessageDigest sha256 = sha256();
    sha256.update(method.toUpperCase(Locale.ROOT).getBytes(StandardCharsets.US_ASCII));
    sha256.update((byte) '\n');
    sha256.update(path.getBytes(StandardCharsets.UTF_8));
    sha256.update((byte) '\n');
    Optional<String> canonical = json ? CanonicalJson.of(body) : Optional.empty();
    if (canonical.isPresent()) {
      sha256.update("json:".getBytes(StandardCharsets.US_ASCII));
      sha256.update(canonical.get().getBytes(StandardCharsets.UTF_8));
    } else {
      sha256.update("bytes:".getBytes(StandardCharsets.US_ASCII));
      sha256.update(body);
    }
    return HexFormat.of().formatHex(sha256.digest());
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("Every Java platform must provide SHA-256", e);
    }
  }
}
