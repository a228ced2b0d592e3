package io.ichido.audit.control;

import io.ichido.audit.entity.ChainReport;
import io.ichido.audit.entity.Checkpoint;
import io.ichido.audit.entity.LoggedEntry;
import java.util.ArrayDeque;
import java.util.List;

/**
 * Walks the chain in sequence order and names the first thing that does not hold: a missing entry,
 * a broken link, changed content, or a checkpoint that does not match its entry or was not signed
 * by this log's key. Fed in chunks, it keeps only the last hash: memory stays flat whatever the
 * log's length. Checkpoints signed by another key (one rotated out) are held to the chain's hash
 * but their signatures are left to the auditor, who has that key.
 */
final class ChainWalk {

  private final SigningKey key;
  private final Long fromCheckpoint;
  private final ArrayDeque<Checkpoint> checkpoints = new ArrayDeque<>();
  private long nextSeq;
  private String prevHash;
  private long recomputed;
  private Long lastCheckpoint;
  private ChainReport broken;

  private ChainWalk(SigningKey key, Long fromCheckpoint, long nextSeq, String prevHash) {
    this.key = key;
    this.fromCheckpoint = fromCheckpoint;
    this.nextSeq = nextSeq;
    this.prevHash = prevHash;
  }

  /** From the first entry; {@code key} null: no signature can be checked. */
  static ChainWalk fromFirstEntry(SigningKey key) {
    return new ChainWalk(key, null, 1, EntryHash.GENESIS);
  }

  /**
   * From the entry a checkpoint names: that checkpoint, signed by {@code key}, vouches for the
   * entry's link to the ones before, which are not read. Feed it as the first checkpoint.
   */
  static ChainWalk fromCheckpoint(SigningKey key, long seq) {
    return new ChainWalk(key, seq, seq, null);
  }

  /** The seq of the entry expected next. */
  long nextSeq() {
    return nextSeq;
  }

  boolean holds() {
    return broken == null;
  }

  /** Checkpoints from the next entry on, in seq order, each checked when its entry comes. */
  void checkpoints(List<Checkpoint> more) {
    checkpoints.addAll(more);
  }

  /**
   * @return false once something does not hold: the walk ends there
   */
  boolean entry(LoggedEntry entry) {
    if (broken != null) {
      return false;
    }
    long seq = entry.seq();
    if (seq != nextSeq) {
      fail(nextSeq, null, "entry " + nextSeq + " is missing (the next one is " + seq + ")");
      return false;
    }
    if (prevHash != null && !entry.prevHash().equals(prevHash)) {
      fail(seq, null, "its previous-hash does not match entry " + (seq - 1));
      return false;
    }
    if (!EntryHash.of(entry).equals(entry.hash())) {
      fail(seq, null, "its content does not match its hash: it was changed");
      return false;
    }
    recomputed++;
    while (!checkpoints.isEmpty() && checkpoints.peek().seq() <= seq) {
      if (!checkpoint(checkpoints.poll(), entry)) {
        return false;
      }
    }
    if (prevHash == null && !Long.valueOf(seq).equals(lastCheckpoint)) {
      fail(seq, null, "no checkpoint signed by this log's key vouches for entry " + seq);
      return false;
    }
    prevHash = entry.hash();
    nextSeq++;
    return true;
  }

  private boolean checkpoint(Checkpoint checkpoint, LoggedEntry entry) {
    long seq = checkpoint.seq();
    if (seq != entry.seq()) {
      fail(seq, seq, "checkpoint " + seq + " names an entry the chain does not have");
      return false;
    }
    boolean ours = key != null && key.keyId().equals(checkpoint.keyId());
    if (ours && !key.signed(checkpoint)) {
      fail(
          seq,
          seq,
          "checkpoint "
              + seq
              + "'s signature does not verify with key "
              + key.keyId()
              + ": this log did not sign it");
      return false;
    }
    if (!checkpoint.hash().equals(entry.hash())) {
      fail(
          seq,
          seq,
          "checkpoint "
              + seq
              + " was signed for another hash than entry "
              + seq
              + " has: the chain was rewritten after it was signed");
      return false;
    }
    if (ours) {
      lastCheckpoint = seq;
    }
    return true;
  }

  /**
   * The verdict once every entry up to {@code lastEntry} was fed.
   *
   * @param lastCheckpoint the newest checkpoint's seq, read with {@code lastEntry}; a checkpoint
   *     past the last entry means entries were cut off the end
   */
  ChainReport report(long lastEntry, long lastCheckpoint) {
    if (broken != null) {
      return broken;
    }
    if (lastCheckpoint > lastEntry) {
      fail(
          lastEntry + 1,
          lastCheckpoint,
          "checkpoint "
              + lastCheckpoint
              + " names an entry the log no longer has: entries after "
              + lastEntry
              + " were cut off");
      return broken;
    }
    if (nextSeq <= lastEntry) {
      fail(nextSeq, null, "entry " + nextSeq + " is missing (the log ends at " + lastEntry + ")");
      return broken;
    }
    return ChainReport.intact(
        nextSeq - 1,
        nextSeq == 1 ? null : prevHash,
        fromCheckpoint,
        this.lastCheckpoint,
        recomputed);
  }

  private void fail(long seq, Long checkpoint, String problem) {
    broken =
        ChainReport.broken(seq, problem, checkpoint, fromCheckpoint, lastCheckpoint, recomputed);
  }
}
