package io.ichido.audit.entity;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonRawValue;
import java.time.Instant;

/**
 * An entry as the log holds it. {@code details} and {@code tax} are canonical JSON text, exactly
 * the bytes the hash covers.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LoggedEntry(
    long seq,
    Instant loggedAt,
    String kind,
    Long orderId,
    String counterparty,
    Long amount,
    String currency,
    String gateway,
    String chargeId,
    String idempotencyKey,
    String status,
    String actor,
    @JsonRawValue String details,
    @JsonRawValue String tax,
    Long corrects,
    String prevHash,
    String hash) {

  /** The same entry with another hash: the one it was stored with, or one computed for it. */
  public LoggedEntry withHash(String hash) {
    return with(prevHash, hash);
  }

  /** The same entry linked to another predecessor's hash; its own hash is left as it was. */
  public LoggedEntry linkedTo(String prevHash) {
    return with(prevHash, hash);
  }

  private LoggedEntry with(String prevHash, String hash) {
    return new LoggedEntry(
        seq,
        loggedAt,
        kind,
        orderId,
        counterparty,
        amount,
        currency,
        gateway,
        chargeId,
        idempotencyKey,
        status,
        actor,
        details,
        tax,
        corrects,
        prevHash,
        hash);
  }
}
