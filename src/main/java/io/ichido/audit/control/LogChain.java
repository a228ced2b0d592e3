package io.ichido.audit.control;

import io.ichido.audit.entity.LogEntry;
import io.ichido.audit.entity.LoggedEntry;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * Gives pending facts their place at the head of the chain. Only the sequencer calls it, holding
 * the sequencer lock, so the head it reads stays the head: sequence numbers are gap-free, every
 * entry names the hash of the one before it. An entry's time is when its fact was written; facts
 * are chained in the order the sequencer finds them committed, so a transaction that commits late
 * puts an entry a few milliseconds older after newer ones.
 */
final class LogChain {

  private static final String INSERT =
      """
      INSERT INTO payment_log (seq, logged_at, kind, order_id, counterparty, amount, currency,
        gateway, charge_id, idempotency_key, status, actor, details, tax, corrects, prev_hash, hash,
        chained_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, clock_timestamp())
      """;

  private LogChain() {}

  static List<LoggedEntry> append(Connection connection, List<PendingFact> facts)
      throws SQLException {
    long seq = 0;
    String prevHash = EntryHash.GENESIS;
    try (PreparedStatement head =
            connection.prepareStatement(
                "SELECT seq, hash FROM payment_log ORDER BY seq DESC LIMIT 1");
        ResultSet row = head.executeQuery()) {
      if (row.next()) {
        seq = row.getLong(1);
        prevHash = row.getString(2);
      }
    }
    List<LoggedEntry> appended = new ArrayList<>(facts.size());
    try (PreparedStatement insert = connection.prepareStatement(INSERT)) {
      for (PendingFact fact : facts) {
        LoggedEntry logged =
            chained(++seq, fact.recordedAt().truncatedTo(ChronoUnit.MICROS), fact, prevHash);
        bind(insert, logged);
        insert.addBatch();
        appended.add(logged);
        prevHash = logged.hash();
      }
      insert.executeBatch();
    }
    return appended;
  }

  /** The entry a fact becomes at this place, as the benchmark's loader builds it too. */
  static LoggedEntry chained(long seq, Instant at, LogEntry entry, String prevHash) {
    return chained(seq, at, PendingFact.of(0, at, entry), prevHash);
  }

  private static LoggedEntry chained(long seq, Instant at, PendingFact fact, String prevHash) {
    LoggedEntry unhashed =
        new LoggedEntry(
            seq,
            at,
            fact.kind(),
            fact.orderId(),
            fact.counterparty(),
            fact.amount(),
            fact.currency(),
            fact.gateway(),
            fact.chargeId(),
            fact.idempotencyKey(),
            fact.status(),
            fact.actor(),
            fact.details(),
            fact.tax(),
            fact.corrects(),
            prevHash,
            null);
    return unhashed.withHash(EntryHash.of(unhashed));
  }

  private static void bind(PreparedStatement insert, LoggedEntry e) throws SQLException {
    insert.setLong(1, e.seq());
    insert.setObject(2, e.loggedAt().atOffset(ZoneOffset.UTC));
    insert.setString(3, e.kind());
    PendingFacts.setLong(insert, 4, e.orderId());
    insert.setString(5, e.counterparty());
    PendingFacts.setLong(insert, 6, e.amount());
    insert.setString(7, e.currency());
    insert.setString(8, e.gateway());
    insert.setString(9, e.chargeId());
    insert.setString(10, e.idempotencyKey());
    insert.setString(11, e.status());
    insert.setString(12, e.actor());
    insert.setString(13, e.details());
    insert.setString(14, e.tax());
    PendingFacts.setLong(insert, 15, e.corrects());
    insert.setString(16, e.prevHash());
    insert.setString(17, e.hash());
  }
}
