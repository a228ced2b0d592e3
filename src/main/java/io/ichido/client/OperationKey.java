package io.ichido.client;

import java.util.Objects;
import java.util.UUID;

/**
 * The {@code Idempotency-Key} of one logical operation (one payment attempt, one order): made once,
 * before the first try, and sent unchanged on every retry. A new key is a new operation.
 */
public record OperationKey(String value) {

  /** The server's default limit on a key's length. */
  public static final int MAX_LENGTH = 255;

  public OperationKey {
    Objects.requireNonNull(value, "A key is required.");
    if (value.isEmpty() || value.length() > MAX_LENGTH) {
      throw new IllegalArgumentException(
          "A key has 1 to " + MAX_LENGTH + " characters, not " + value.length() + ".");
    }
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c < 0x21 || c > 0x7e) {
        throw new IllegalArgumentException(
            "A key is printable ASCII without spaces; character " + i + " is not.");
      }
    }
  }

  /**
   * A random key (UUID version 4): for an operation the caller has no identifier of its own for.
   */
  public static OperationKey random() {
    return new OperationKey(UUID.randomUUID().toString());
  }

  /**
   * The key as the {@code Idempotency-Key} header carries it: a Structured Field String ({@code
   * "..."}, RFC 9651), as the IETF idempotency-key draft requires. Ichido's server reads the bare
   * token too, as the same key.
   */
  public String headerValue() {
    return "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }

  @Override
  public String toString() {
    return value;
  }
}
