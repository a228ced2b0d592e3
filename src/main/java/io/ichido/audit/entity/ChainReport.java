package io.ichido.audit.entity;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;

/**
 * The verdict on the hash chain: intact, or where it first breaks and why; and the facts committed
 * but not chained yet, flagged when the oldest has waited longer than the alarm threshold (the
 * sequencer is not running, or cannot chain them).
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
    boolean unchainedTooLong) {

  public static ChainReport intact(long entries, String lastHash) {
    return new ChainReport(true, entries, lastHash, null, null, 0, null, false);
  }

  public static ChainReport broken(long checked, long seq, String problem) {
    return new ChainReport(false, checked, null, seq, problem, 0, null, false);
  }

  /** This report with what still waits for the sequencer. */
  public ChainReport withUnchained(long facts, Instant oldest, boolean tooLong) {
    return new ChainReport(
        intact, entries, lastHash, firstBrokenSeq, problem, facts, oldest, tooLong);
  }
}
