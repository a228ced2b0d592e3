package io.ichido.sandbox;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

/** The secret key a request authenticates with; the sandbox checks only its test prefix. */
final class Credentials {

  private Credentials() {}

  /** {@code Authorization: Bearer <key>}, or null. */
  static String bearer(SandboxRequest request) {
    String authorization = request.header("Authorization");
    if (authorization == null || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
      return null;
    }
    return authorization.substring(7).trim();
  }

  /** The user of {@code Authorization: Basic ...} (the gateways put the key there), or null. */
  static String basicUser(SandboxRequest request) {
    String authorization = request.header("Authorization");
    if (authorization == null || !authorization.regionMatches(true, 0, "Basic ", 0, 6)) {
      return null;
    }
    try {
      String decoded =
          new String(
              Base64.getDecoder().decode(authorization.substring(6).trim()),
              StandardCharsets.UTF_8);
      int colon = decoded.indexOf(':');
      return colon < 0 ? decoded : decoded.substring(0, colon);
    } catch (IllegalArgumentException notBase64) {
      return null;
    }
  }

  static boolean valid(String key, String prefix) {
    return key != null && key.startsWith(prefix) && key.length() > prefix.length();
  }
}
