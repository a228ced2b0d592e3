package io.ichido.idempotency.control;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A JSON Pointer (RFC 6901) into a request body, as {@code @Idempotent} names members with it:
 * {@code "/amount"}, {@code "/items/0/sku"}, {@code "/a~1b"} for the member {@code "a/b"}.
 *
 * @param text the pointer as written
 * @param tokens its reference tokens, unescaped
 */
public record BodyPointer(String text, List<String> tokens) {

  public BodyPointer {
    tokens = List.copyOf(tokens);
  }

  /**
   * The pointer {@code text} names, or a sentence saying why it is not one: it must start with
   * {@code /} (the whole document, {@code ""}, names no member), and {@code ~} may only start
   * {@code ~0} or {@code ~1}.
   */
  public static Parsed parse(String text) {
    if (text == null || text.isEmpty()) {
      return new Parsed(
          Optional.empty(), Optional.of("the empty pointer names the whole body, not a member"));
    }
    if (text.charAt(0) != '/') {
      return new Parsed(
          Optional.empty(), Optional.of("\"" + text + "\" does not start with '/' (RFC 6901)"));
    }
    List<String> tokens = new ArrayList<>();
    StringBuilder token = new StringBuilder();
    for (int i = 1; i <= text.length(); i++) {
      if (i == text.length() || text.charAt(i) == '/') {
        tokens.add(token.toString());
        token.setLength(0);
        continue;
      }
      char c = text.charAt(i);
      if (c == '~') {
        char next = i + 1 < text.length() ? text.charAt(i + 1) : ' ';
        if (next != '0' && next != '1') {
          return new Parsed(
              Optional.empty(),
              Optional.of("\"" + text + "\" has a '~' not followed by 0 or 1 (RFC 6901)"));
        }
        token.append(next == '0' ? '~' : '/');
        i++;
      } else {
        token.append(c);
      }
    }
    return new Parsed(Optional.of(new BodyPointer(text, tokens)), Optional.empty());
  }

  /** A pointer, or why the text is none. */
  public record Parsed(Optional<BodyPointer> pointer, Optional<String> problem) {}

  /** Whether {@code token} can index an array: {@code 0}, or digits without a leading zero. */
  static boolean isIndex(String token) {
    if (token.isEmpty() || token.length() > 9) {
      return false;
    }
    if (token.length() > 1 && token.charAt(0) == '0') {
      return false;
    }
    for (int i = 0; i < token.length(); i++) {
      if (token.charAt(i) < '0' || token.charAt(i) > '9') {
        return false;
      }
    }
    return true;
  }

  @Override
  public String toString() {
    return text;
  }
}
