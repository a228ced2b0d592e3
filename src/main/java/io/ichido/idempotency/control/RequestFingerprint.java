package io.ichido.idempotency.control;

import io.ichido.idempotency.boundary.CanonicalJson;
import io.ichido.idempotency.boundary.JsonTooDeep;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Optional;

/**
 * SHA-256 of what makes two requests "the same": the HTTP method, the query string, the matched
 * path and the body (as canonical JSON when it is JSON, as bytes otherwise).
 */
public final class RequestFingerprint {

  private static final String UNRESERVED =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~";

  private static final HexFormat HEX = HexFormat.of().withUpperCase();

  private RequestFingerprint() {}

  /**
   * @param rawQuery the query string as sent (still percent-encoded), or null
   * @param json whether the body was declared as JSON ({@code application/json} or {@code +json})
   * @param maxJsonDepth the deepest nesting of arrays and objects a JSON body may have
   * @return 64 lower-case hex digits
   * @throws JsonTooDeep when a JSON body nests deeper than {@code maxJsonDepth}
   */
  public static String of(
      String method, String path, String rawQuery, boolean json, byte[] body, int maxJsonDepth) {
    return of(
        method,
        path,
        rawQuery,
        json ? CanonicalJson.parse(body, maxJsonDepth) : Optional.empty(),
        body,
        BodySelection.WHOLE);
  }

  /**
   * As {@link #of(String, String, String, boolean, byte[], int)}, for a body already read as JSON
   * ({@code canonical}, empty when it is not JSON), of which {@code selection} says what counts. A
   * body that is not JSON counts whole, as bytes.
   */
  public static String of(
      String method,
      String path,
      String rawQuery,
      Optional<CanonicalJson> json,
      byte[] body,
      BodySelection selection) {
    Optional<CanonicalJson> canonical = json.map(selection::select);
    MessageDigest sha256 = sha256();
    sha256.update(method.toUpperCase(Locale.ROOT).getBytes(StandardCharsets.US_ASCII));
    // The query goes on the method's line, and only when there is one: a request without a query
    // hashes exactly as before queries counted, so keys stored before an upgrade still replay.
    // Neither a method nor a canonical query contains '?' or a line break: no two inputs collide.
    String query = canonicalQuery(rawQuery);
    if (!query.isEmpty()) {
      sha256.update((byte) '?');
      sha256.update(query.getBytes(StandardCharsets.US_ASCII));
    }
    sha256.update((byte) '\n');
    sha256.update(path.getBytes(StandardCharsets.UTF_8));
    sha256.update((byte) '\n');
    if (canonical.isPresent()) {
      sha256.update("json:".getBytes(StandardCharsets.US_ASCII));
      canonical.get().writeUtf8To(sha256);
    } else {
      sha256.update("bytes:".getBytes(StandardCharsets.US_ASCII));
      sha256.update(body);
    }
    return HexFormat.of().formatHex(sha256.digest());
  }

  /**
   * The parameters as sent, in their order, spelt one way: only what RFC 3986 (6.2.2) says can
   * never change a URI's meaning is normalised (escaped unreserved characters unescaped, escapes'
   * hex digits in upper case); empty parameters ({@code a=1&&b=2}) are dropped. Anything that could
   * still reach the endpoint differently ({@code +} against {@code %20}, {@code =} against {@code
   * %3D}) stays different: two requests may be judged different when they are not, never the same
   * when they are not.
   */
  static String canonicalQuery(String rawQuery) {
    if (rawQuery == null || rawQuery.isEmpty()) {
      return "";
    }
    StringBuilder out = new StringBuilder(rawQuery.length());
    for (String parameter : rawQuery.split("&")) {
      if (parameter.isEmpty()) {
        continue;
      }
      if (!out.isEmpty()) {
        out.append('&');
      }
      normalize(parameter, out);
    }
    return out.toString();
  }

  private static void normalize(String parameter, StringBuilder out) {
    for (int i = 0; i < parameter.length(); ) {
      int c = parameter.codePointAt(i);
      if (c == '%' && isHex(parameter, i + 1)) {
        char decoded = (char) Integer.parseInt(parameter, i + 1, i + 3, 16);
        if (UNRESERVED.indexOf(decoded) >= 0) {
          out.append(decoded);
        } else {
          out.append('%').append(parameter.substring(i + 1, i + 3).toUpperCase(Locale.ROOT));
        }
        i += 3;
        continue;
      }
      if (c > 0x20 && c < 0x7F && c != '%') {
        out.append((char) c);
      } else {
        // Not URI syntax, but a server may let it through: escaped, so the form stays ASCII.
        for (byte b : Character.toString(c).getBytes(StandardCharsets.UTF_8)) {
          out.append('%').append(HEX.toHexDigits(b));
        }
      }
      i += Character.charCount(c);
    }
  }

  private static boolean isHex(String text, int at) {
    return at + 1 < text.length()
        && Character.digit(text.charAt(at), 16) >= 0
        && Character.digit(text.charAt(at + 1), 16) >= 0;
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("Every Java platform must provide SHA-256", e);
    }
  }
}
