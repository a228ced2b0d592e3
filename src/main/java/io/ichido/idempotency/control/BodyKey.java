package io.ichido.idempotency.control;

import io.ichido.idempotency.boundary.CanonicalJson;
import java.util.List;
import java.util.Optional;

/**
 * The idempotency key a JSON body carries ({@code @Idempotent(keyPointer = "/invoiceNo")}), as
 * 2C2P's {@code invoiceNo} and Square's {@code idempotency_key} do.
 *
 * @param key the key; null when the body has none (or is not JSON)
 * @param problem why the member found is no key (not a string, named twice, not a valid key); null
 *     when there is none
 */
public record BodyKey(String key, String problem) {

  /** The key {@code pointer} names in {@code json}, checked as a header's would be. */
  public static BodyKey of(Optional<CanonicalJson> json, BodyPointer pointer, int maxLength) {
    if (json.isEmpty()) {
      return new BodyKey(null, null);
    }
    List<JsonMembers.Node> found =
        JsonMembers.find(JsonMembers.read(json.get().toString()), pointer);
    if (found.isEmpty()) {
      return new BodyKey(null, null);
    }
    if (found.size() > 1) {
      return new BodyKey(null, "body names its key " + pointer + " more than once");
    }
    String key = JsonMembers.stringValue(found.get(0));
    if (key == null) {
      return new BodyKey(null, "body's key " + pointer + " is not a JSON string");
    }
    try {
      IdempotencyKeyHeader.check(key, maxLength);
    } catch (InvalidIdempotencyKey invalid) {
      return new BodyKey(null, "body's key " + pointer + " is invalid: " + invalid.getMessage());
    }
    return new BodyKey(key, null);
  }
}
