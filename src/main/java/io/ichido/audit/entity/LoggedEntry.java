package io.ichido.audit.entity;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonRawValue;
import java.time.Instant;

/**
 * An entry of the payment log, the one spelling of its row: written as a pending fact, chained by
 * the sequencer, read back by searches, exports and verify. {@code details} and {@code tax} are
 * canonical JSON text, exactly the bytes the hash covers. Until the sequencer places it, {@code
 * seq} is 0 and {@code prevHash} and {@code hash} are null.
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

  /** The same fact placed at {@code seq}, after {@code prevHash}; its own hash is still to come. */
  public LoggedEntry at(long seq, Instant loggedAt, String prevHash) {
    return placed(seq, loggedAt, prevHash, null);
  }

  /** The same entry with another hash: the one it was stored with, or one computed for it. */
  public LoggedEntry withHash(String hash) {
    return placed(seq, loggedAt, prevHash, hash);
  }

  /** The same entry linked to another predecessor's hash; its own hash is left as it was. */
  public LoggedEntry linkedTo(String prevHash) {
    return placed(seq, loggedAt, prevHash, hash);
  }

  private LoggedEntry placed(long seq, Instant loggedAt, String prevHash, String hash) {
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
