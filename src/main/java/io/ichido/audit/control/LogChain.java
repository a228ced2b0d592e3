package io.ichido.audit.control;

import io.ichido.audit.entity.LoggedEntry;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
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
      LogRows.insert("payment_log", LogRows.ENTRY, "chained_at", "clock_timestamp()");

  private LogChain() {}

  static List<LoggedEntry> append(Connection connection, List<PendingFacts.Pending> facts)
      throws SQLException {
    long seq = 0;
    String prevHash = EntryHash.GENESIS;
    try (PreparedStatement head =
            connection.prepareStatement(
                "SELECT seq, hash FROM payment_log ORDER BY seq DESC LIMIT 1");
        ResultSet row = head.executeQuery()) {
      if (row.next()) {
        seq = row.getLong("seq");
        prevHash = row.getString("hash");
      }
    }
    List<LoggedEntry> appended = new ArrayList<>(facts.size());
    try (PreparedStatement insert = connection.prepareStatement(INSERT)) {
      for (PendingFacts.Pending pending : facts) {
        LoggedEntry fact = pending.fact();
        LoggedEntry logged =
            chained(++seq, fact.loggedAt().truncatedTo(ChronoUnit.MICROS), fact, prevHash);
        LogRows.bind(insert, LogRows.ENTRY, logged);
        insert.addBatch();
        appended.add(logged);
        prevHash = logged.hash();
      }
      insert.executeBatch();
    }
    return appended;
  }

  /** The entry a fact becomes at this place, as the benchmark's loader builds it too. */
  static LoggedEntry chained(long seq, Instant at, LoggedEntry fact, String prevHash) {
    LoggedEntry unhashed = fact.at(seq, at, prevHash);
    return unhashed.withHash(EntryHash.of(unhashed));
  }
}
