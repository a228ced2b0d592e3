package io.ichido.audit.entity;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.ichido.payments.entity.LedgerReport;
import io.ichido.payments.entity.ReconciliationView;
import java.time.Instant;
import java.util.List;

/**
 * The verdict on the hash chain: intact, or where it first breaks and why; and the facts committed
 * but not chained yet, flagged when the oldest has waited longer than the alarm threshold (the
 * sequencer is not running, or cannot chain them).
 *
 * @param entries how many entries hold, from the first: up to a starting checkpoint they are
 *     vouched for by its signature, after it recomputed; when broken, {@code firstBrokenSeq - 1}
 * @param lastHash the newest entry's hash, when intact
 * @param firstBrokenSeq the first entry that does not hold, or that a broken checkpoint names
 * @param fromCheckpoint the checkpoint the walk started from ({@code ?from=}); null: the first
 *     entry
 * @param lastCheckpoint the newest checkpoint whose signature and hash held on the way
 * @param brokenCheckpoint the checkpoint that does not hold: not signed by this log's key, naming
 *     another hash than the chain's, or naming an entry the log no longer has
 * @param recomputed how many entries' hashes this walk recomputed
 * @param ledger whether every order's ledger keeps its rules, and each one broken: beside the
 *     chain, not part of {@code intact}
 * @param reconciliations the last reconciliation of each gateway with its own records (when, its
 *     window, the differences it found): beside the chain, not part of {@code intact}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ChainReport(
    boolean intact,
    long entries,
    String lastHash,
    Long firstBrokenSeq,
    String problem,
    long unchained,
    Instant oldestUnchainedAt,
    boolean unchainedTooLong,
    Long fromCheckpoint,
    Long lastCheckpoint,
    Long brokenCheckpoint,
    long recomputed,
    LedgerReport ledger,
    List<ReconciliationView> reconciliations) {

  public static ChainReport intact(
      long entries, String lastHash, Long fromCheckpoint, Long lastCheckpoint, long recomputed) {
    return new ChainReport(
        true,
        entries,
        lastHash,
        null,
        null,
        0,
        null,
        false,
        fromCheckpoint,
        lastCheckpoint,
        null,
        recomputed,
        null,
        null);
  }

  /** Broken at entry {@code seq}, or at the checkpoint {@code brokenCheckpoint} names. */
  public static ChainReport broken(
      long seq,
      String problem,
      Long brokenCheckpoint,
      Long fromCheckpoint,
      Long lastCheckpoint,
      long recomputed) {
    return new ChainReport(
        false,
        seq - 1,
        null,
        seq,
        problem,
        0,
        null,
        false,
        fromCheckpoint,
        lastCheckpoint,
        brokenCheckpoint,
        recomputed,
        null,
        null);
  }

  /** This report with what still waits for the sequencer. */
  public ChainReport withUnchained(long facts, Instant oldest, boolean tooLong) {
    return new ChainReport(
        intact,
        entries,
        lastHash,
        firstBrokenSeq,
        problem,
        facts,
        oldest,
        tooLong,
        fromCheckpoint,
        lastCheckpoint,
        brokenCheckpoint,
        recomputed,
        ledger,
        reconciliations);
  }

  /** This report with the ledger's verdict beside it. */
  public ChainReport withLedger(LedgerReport books) {
    return new ChainReport(
        intact,
        entries,
        lastHash,
        firstBrokenSeq,
        problem,
        unchained,
        oldestUnchainedAt,
        unchainedTooLong,
        fromCheckpoint,
        lastCheckpoint,
        brokenCheckpoint,
        recomputed,
        books,
        reconciliations);
  }

  /** This report with the last reconciliation of each gateway with its records beside it. */
  public ChainReport withReconciliations(List<ReconciliationView> last) {
    return new ChainReport(
        intact,
        entries,
        lastHash,
        firstBrokenSeq,
        problem,
        unchained,
        oldestUnchainedAt,
        unchainedTooLong,
        fromCheckpoint,
        lastCheckpoint,
        brokenCheckpoint,
        recomputed,
        ledger,
        last);
  }
}
