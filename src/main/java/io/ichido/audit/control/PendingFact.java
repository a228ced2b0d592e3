package io.ichido.audit.control;

import io.ichido.audit.entity.LogEntry;
import java.time.Instant;

/**
 * A fact committed by its own transaction and waiting for the sequencer to give it a place in the
 * chain. {@code details} and {@code tax} are already canonical JSON text: the bytes the hash will
 * cover.
 */
record PendingFact(
    long factId,
    Instant recordedAt,
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
    String details,
    String tax,
    Long corrects) {

  static PendingFact of(long factId, Instant recordedAt, LogEntry entry) {
    return new PendingFact(
        factId,
        recordedAt,
        entry.kind().name(),
        entry.orderId(),
        entry.counterparty(),
        entry.amount(),
        entry.currency(),
        entry.gateway(),
        entry.chargeId(),
        entry.idempotencyKey(),
        entry.status(),
        entry.actor(),
        EntryHash.canonical(entry.details()),
        entry.tax() == null ? null : EntryHash.canonical(entry.tax()),
        entry.corrects());
  }
}
