package io.ichido.audit.control;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ichido.audit.entity.LoggedEntry;
import io.ichido.idempotency.boundary.CanonicalJson;
import io.ichido.platform.control.Json;
import io.ichido.platform.control.Sha256;

/**
 * The SHA-256 of an entry's canonical content: every field but its own hash, the predecessor's hash
 * included, as canonical JSON (sorted keys, no insignificant whitespace). Anyone can recompute it
 * from the chain export with the rule docs/audit.md writes down (Recomputing the chain).
 */
public final class EntryHash {

  /** The predecessor of the first entry. */
  public static final String GENESIS = "0".repeat(64);

  private EntryHash() {}

  public static String of(LoggedEntry entry) {
    return Sha256.hex(canonical(content(entry)));
  }

  /**
   * What the hash covers, as a JSON object: the fields docs/audit.md names, nulls kept, {@code
   * details} and {@code tax} as strings holding their canonical JSON text. The chain export writes
   * exactly this, with the stored hash beside it.
   */
  public static ObjectNode content(LoggedEntry entry) {
    ObjectNode content = Json.MAPPER.createObjectNode();
    content.put("seq", entry.seq());
    content.put("loggedAt", entry.loggedAt().toString());
    content.put("kind", entry.kind());
    content.put("orderId", entry.orderId());
    content.put("counterparty", entry.counterparty());
    content.put("amount", entry.amount());
    content.put("currency", entry.currency());
    content.put("gateway", entry.gateway());
    content.put("chargeId", entry.chargeId());
    content.put("idempotencyKey", entry.idempotencyKey());
    content.put("status", entry.status());
    content.put("actor", entry.actor());
    content.put("details", entry.details());
    content.put("tax", entry.tax());
    content.put("corrects", entry.corrects());
    content.put("prevHash", entry.prevHash());
    return content;
  }

  /** Canonical JSON text of any value the log stores as JSON. */
  public static String canonical(Object value) {
    try {
      return CanonicalJson.of(Json.MAPPER.writeValueAsBytes(value))
          .orElseThrow(() -> new IllegalStateException("Jackson wrote something not JSON"));
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("Not serialisable as JSON: " + value, e);
    }
  }
}
