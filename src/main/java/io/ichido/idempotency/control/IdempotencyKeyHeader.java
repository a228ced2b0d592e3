package io.ichido.idempotency.control;

import java.util.List;

/**
 * Reads the {@code Idempotency-Key} header: a token of printable ASCII (0x21-0x7E), or the same
 * inside a Structured-Field string ({@code "..."}), as the IETF idempotency-key draft writes it.
 */
public final class IdempotencyKeyHeader {

  public static final String NAME = "Idempotency-Key";

  private IdempotencyKeyHeader() {}

  /**
   * @param values every occurrence of the header; null or empty when it was not sent
   * @return the key, or null when no header was sent
   * @throws InvalidIdempotencyKey when the header is present but unusable
   */
  public static String parse(List<String> values, int maxLength) {
    if (values == null || values.isEmpty()) {
      return null;
    }
    if (values.size() > 1) {
      throw new InvalidIdempotencyKey("send exactly one Idempotency-Key header");
    }
    String key = unquote(values.get(0));
    check(key, maxLength);
    return key;
  }

  /**
   * Checks a key however it came (the header, a body member): 1 to {@code maxLength} printable
   * ASCII characters.
   *
   * @throws InvalidIdempotencyKey naming what is wrong
   */
  public static void check(String key, int maxLength) {
    if (key.isEmpty()) {
      throw new InvalidIdempotencyKey("the key is empty");
    }
    if (key.length() > maxLength) {
      throw new InvalidIdempotencyKey("the key is longer than " + maxLength + " characters");
    }
    for (int i = 0; i < key.length(); i++) {
      char c = key.charAt(i);
      if (c < 0x21 || c > 0x7E) {
        throw new InvalidIdempotencyKey(
            "the key may hold only printable ASCII characters (0x21-0x7E); position "
                + (i + 1)
                + " does not");
      }
    }
  }

  private static String unquote(String raw) {
    if (raw.length() < 2 || raw.charAt(0) != '"' || raw.charAt(raw.length() - 1) != '"') {
      return raw;
    }
    StringBuilder key = new StringBuilder(raw.length() - 2);
    for (int i = 1; i < raw.length() - 1; i++) {
      char c = raw.charAt(i);
      if (c == '\\') {
        if (i + 1 >= raw.length() - 1) {
          throw new InvalidIdempotencyKey("the quoted key ends in a lone backslash");
        }
        char escaped = raw.charAt(++i);
        if (escaped != '"' && escaped != '\\') {
          throw new InvalidIdempotencyKey("only \\\" and \\\\ may be escaped in a quoted key");
        }
        key.append(escaped);
      } else if (c == '"') {
        throw new InvalidIdempotencyKey("an unescaped quote inside the quoted key");
      } else {
        key.append(c);
      }
    }
    return key.toString();
  }
}
