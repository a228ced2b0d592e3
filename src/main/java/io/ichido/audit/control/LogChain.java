package io.ichido.audit.control;

import io.ichido.audit.entity.LogEntry;
import io.ichido.audit.entity.LoggedEntry;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * Appends entries at the head of the chain. The head is read and extended under one advisory lock
 * held until the transaction ends, so appends from concurrent transactions queue up: sequence
 * numbers are gap-free, every entry names the hash of the one committed before it, and times never
 * go backwards along the chain.
 */
final class LogChain {

  /** Held by the transaction that is appending, until it commits or rolls back. */
  static final long APPEND_LOCK = 0x1c41d0_0002L;

  private static final String INSERT =
      """
      INSERT INTO payment_log (seq, logged_at, kind, order_id, counterparty, amount, currency,
        gateway, charge_id, idempotency_key, status, actor, details, tax, corrects, prev_hash, hash)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """;

  private LogChain() {}

  static List<LoggedEntry> append(Connection connection, List<LogEntry> entries)
      throws SQLException {
    try (PreparedStatement lock = connection.prepareStatement("SELECT pg_advisory_xact_lock(?)")) {
      lock.setLong(1, APPEND_LOCK);
      lock.execute();
    }
    long seq = 0;
    String prevHash = EntryHash.GENESIS;
    Instant last = Instant.EPOCH;
    try (PreparedStatement head =
            connection.prepareStatement(
                "SELECT seq, hash, logged_at FROM payment_log ORDER BY seq DESC LIMIT 1");
        ResultSet row = head.executeQuery()) {
      if (row.next()) {
        seq = row.getLong(1);
        prevHash = row.getString(2);
        last = row.getObject(3, OffsetDateTime.class).toInstant();
      }
    }
    List<LoggedEntry> appended = new ArrayList<>(entries.size());
    try (PreparedStatement insert = connection.prepareStatement(INSERT)) {
      for (LogEntry entry : entries) {
        Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
        last = now.isAfter(last) ? now : last;
        LoggedEntry logged = chained(++seq, last, entry, prevHash);
        bind(insert, logged);
        insert.addBatch();
        appended.add(logged);
        prevHash = logged.hash();
      }
      insert.executeBatch();
    }
    return appended;
  }

  static LoggedEntry chained(long seq, Instant at, LogEntry entry, String prevHash) {
    LoggedEntry unhashed =
        new LoggedEntry(
            seq,
            at,
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
            entry.corrects(),
            prevHash,
            null);
    return withHash(unhashed, EntryHash.of(unhashed));
  }

  private static LoggedEntry withHash(LoggedEntry e, String hash) {
    return new LoggedEntry(
        e.seq(),
        e.loggedAt(),
        e.kind(),
        e.orderId(),
        e.counterparty(),
        e.amount(),
        e.currency(),
        e.gateway(),
        e.chargeId(),
        e.idempotencyKey(),
        e.status(),
        e.actor(),
        e.details(),
        e.tax(),
        e.corrects(),
        e.prevHash(),
        hash);
  }

  private static void bind(PreparedStatement insert, LoggedEntry e) throws SQLException {
    insert.setLong(1, e.seq());
    insert.setObject(2, e.loggedAt().atOffset(ZoneOffset.UTC));
    insert.setString(3, e.kind());
    setLong(insert, 4, e.orderId());
    insert.setString(5, e.counterparty());
    setLong(insert, 6, e.amount());
    insert.setString(7, e.currency());
    insert.setString(8, e.gateway());
    insert.setString(9, e.chargeId());
    insert.setString(10, e.idempotencyKey());
    insert.setString(11, e.status());
    insert.setString(12, e.actor());
    insert.setString(13, e.details());
    insert.setString(14, e.tax());
    setLong(insert, 15, e.corrects());
    insert.setString(16, e.prevHash());
    insert.setString(17, e.hash());
  }

  private static void setLong(PreparedStatement statement, int index, Long value)
      throws SQLException {
    if (value == null) {
      statement.setNull(index, Types.BIGINT);
    } else {
      statement.setLong(index, value);
    }
  }
}
