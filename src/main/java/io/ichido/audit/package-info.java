/**
 * Audit: the payment log, every payment-relevant fact in the order it happened, for auditors.
 *
 * <p>Rules: an entry is written in the transaction of the fact it records, so neither exists
 * without the other; entries are only ever appended (the database refuses UPDATE, DELETE and
 * TRUNCATE, and no code here issues them); each carries the SHA-256 of its canonical content and
 * its predecessor's hash, and appends are serialised so the chain stays linear and gap-free; a
 * correction is a new entry naming the one it corrects. Checkpoints (a position and its hash,
 * signed with Ed25519 by the sequencer) are append-only too, and the signing key comes from
 * configuration only. Only the {@code auditor} role reads it, and every read is itself logged.
 *
 * <p>An entry has one record, {@code entity.LoggedEntry} (a new fact is built with {@code
 * control.NewEntry}), and one mapping to its row by column name, {@code control.LogRows}. Two ways
 * to the database: JDBC for the log's own tables, because it needs what JPA hides (an advisory
 * lock, batched inserts, streaming cursors with a fetch size, the very SQL the benchmark times);
 * JPA only to read another capability's entity the fact's transaction already holds, which costs no
 * query and forces no flush.
 */
package io.ichido.audit;
