package io.ichido.audit.control;

import static org.assertj.core.api.Assertions.assertThat;

import io.ichido.audit.entity.ChainReport;
import io.ichido.audit.entity.Checkpoint;
import io.ichido.audit.entity.LogKind;
import io.ichido.audit.entity.LoggedEntry;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ChainWalkTest {

  private static final SigningKey KEY = SigningKeyTest.DEV;
  private static final Instant T0 = Instant.parse("2026-11-30T00:00:00Z");

  @Test
  @DisplayName(
      "an intact chain with checkpoints: every entry recomputed, the last checkpoint named")
  void intact() {
    List<LoggedEntry> chain = chain(10, 0);
    ChainReport report = walk(ChainWalk.fromFirstEntry(KEY), chain, signed(chain, 4, 8), 8);

    assertThat(report.intact()).as(report.toString()).isTrue();
    assertThat(report.entries()).isEqualTo(10);
    assertThat(report.lastHash()).isEqualTo(chain.get(9).hash());
    assertThat(report.lastCheckpoint()).isEqualTo(8);
    assertThat(report.fromCheckpoint()).isNull();
    assertThat(report.recomputed()).isEqualTo(10);
  }

  @Test
  @DisplayName("an empty log is intact, with no hash")
  void empty() {
    ChainReport report = ChainWalk.fromFirstEntry(KEY).report(0, 0);

    assertThat(report.intact()).isTrue();
    assertThat(report.entries()).isZero();
    assertThat(report.lastHash()).isNull();
  }

  @Test
  @DisplayName("a changed entry, a missing one, a broken link: the first is named")
  void entryProblems() {
    List<LoggedEntry> changed = chain(10, 0);
    changed.set(6, withAmount(changed.get(6), 1L));
    ChainReport byContent = walk(ChainWalk.fromFirstEntry(KEY), changed, List.of(), 0);
    assertThat(byContent.intact()).isFalse();
    assertThat(byContent.firstBrokenSeq()).isEqualTo(7);
    assertThat(byContent.entries()).isEqualTo(6);
    assertThat(byContent.problem()).contains("changed");

    List<LoggedEntry> gap = chain(10, 0);
    gap.remove(2);
    ChainReport byGap = walk(ChainWalk.fromFirstEntry(KEY), gap, List.of(), 0);
    assertThat(byGap.firstBrokenSeq()).isEqualTo(3);
    assertThat(byGap.problem()).contains("entry 3 is missing");

    List<LoggedEntry> other = chain(10, 1);
    List<LoggedEntry> spliced = new ArrayList<>(chain(10, 0).subList(0, 5));
    spliced.addAll(other.subList(5, 10));
    ChainReport byLink = walk(ChainWalk.fromFirstEntry(KEY), spliced, List.of(), 0);
    assertThat(byLink.firstBrokenSeq()).isEqualTo(6);
    assertThat(byLink.problem()).contains("previous-hash does not match entry 5");
  }

  @Test
  @DisplayName("a checkpoint row with our key id and a wrong signature is reported as not ours")
  void forgedCheckpoint() {
    List<LoggedEntry> chain = chain(10, 0);
    Checkpoint real = KEY.checkpoint(6, chain.get(5).hash(), T0);
    Checkpoint forged =
        new Checkpoint(
            6,
            real.hash(),
            real.signedAt(),
            KEY.keyId(),
            Base64.getEncoder().encodeToString(new byte[64]));
    List<Checkpoint> checkpoints = new ArrayList<>(signed(chain, 4));
    checkpoints.add(forged);

    ChainReport report = walk(ChainWalk.fromFirstEntry(KEY), chain, checkpoints, 6);

    assertThat(report.intact()).isFalse();
    assertThat(report.brokenCheckpoint()).isEqualTo(6);
    assertThat(report.firstBrokenSeq()).isEqualTo(6);
    assertThat(report.problem()).contains("signature does not verify");
    assertThat(report.lastCheckpoint()).isEqualTo(4);
  }

  @Test
  @DisplayName(
      "a chain rewritten consistently after a checkpoint was signed is caught by that checkpoint")
  void rewrittenAfterCheckpoint() {
    List<LoggedEntry> original = chain(10, 0);
    List<Checkpoint> checkpoints = signed(original, 5);
    // Entry 3 changed and every hash from it on recomputed: the chain alone still holds.
    List<LoggedEntry> rewritten = rechain(original, 3, 42L);
    assertThat(walk(ChainWalk.fromFirstEntry(KEY), rewritten, List.of(), 0).intact()).isTrue();

    ChainReport report = walk(ChainWalk.fromFirstEntry(KEY), rewritten, checkpoints, 5);

    assertThat(report.intact()).isFalse();
    assertThat(report.brokenCheckpoint()).isEqualTo(5);
    assertThat(report.problem()).contains("rewritten");
  }

  @Test
  @DisplayName("another key's checkpoint is held to the chain's hash, but not counted as checked")
  void otherKeysCheckpoint() {
    SigningKey rotatedOut = TestKeys.signingKey();
    List<LoggedEntry> chain = chain(10, 0);
    List<Checkpoint> matching =
        List.of(
            KEY.checkpoint(4, chain.get(3).hash(), T0),
            rotatedOut.checkpoint(7, chain.get(6).hash(), T0));
    ChainReport held = walk(ChainWalk.fromFirstEntry(KEY), chain, matching, 7);
    assertThat(held.intact()).isTrue();
    assertThat(held.lastCheckpoint()).isEqualTo(4);

    List<Checkpoint> wrong = List.of(rotatedOut.checkpoint(7, chain.get(5).hash(), T0));
    ChainReport report = walk(ChainWalk.fromFirstEntry(KEY), chain, wrong, 7);
    assertThat(report.intact()).isFalse();
    assertThat(report.brokenCheckpoint()).isEqualTo(7);
  }

  @Test
  @DisplayName("from a checkpoint: only what follows it is read, and the entries before it count")
  void fromCheckpoint() {
    List<LoggedEntry> chain = chain(10, 0);
    List<Checkpoint> checkpoints = signed(chain, 6, 8);

    ChainReport report =
        walk(ChainWalk.fromCheckpoint(KEY, 6), chain.subList(5, 10), checkpoints, 8);

    assertThat(report.intact()).as(report.toString()).isTrue();
    assertThat(report.fromCheckpoint()).isEqualTo(6);
    assertThat(report.entries()).isEqualTo(10);
    assertThat(report.recomputed()).isEqualTo(5);
    assertThat(report.lastCheckpoint()).isEqualTo(8);
    assertThat(report.lastHash()).isEqualTo(chain.get(9).hash());
  }

  @Test
  @DisplayName("from a checkpoint: a change after it, or a forged starting checkpoint, is found")
  void fromCheckpointProblems() {
    List<LoggedEntry> changed = chain(10, 0);
    List<Checkpoint> checkpoints = signed(changed, 6);
    changed.set(8, withAmount(changed.get(8), 1L));
    ChainReport afterIt =
        walk(ChainWalk.fromCheckpoint(KEY, 6), changed.subList(5, 10), checkpoints, 6);
    assertThat(afterIt.intact()).isFalse();
    assertThat(afterIt.firstBrokenSeq()).isEqualTo(9);

    List<LoggedEntry> chain = chain(10, 0);
    Checkpoint forged =
        new Checkpoint(
            6,
            chain.get(5).hash(),
            T0,
            KEY.keyId(),
            Base64.getEncoder().encodeToString(new byte[64]));
    ChainReport fromForged =
        walk(ChainWalk.fromCheckpoint(KEY, 6), chain.subList(5, 10), List.of(forged), 6);
    assertThat(fromForged.intact()).isFalse();
    assertThat(fromForged.brokenCheckpoint()).isEqualTo(6);

    ChainReport unvouched =
        walk(ChainWalk.fromCheckpoint(KEY, 6), chain.subList(5, 10), List.of(), 0);
    assertThat(unvouched.intact()).isFalse();
    assertThat(unvouched.problem()).contains("vouches");
  }

  @Test
  @DisplayName("a checkpoint past the last entry: entries were cut off the end")
  void cutOff() {
    List<LoggedEntry> chain = chain(10, 0);
    List<Checkpoint> checkpoints = signed(chain, 4);

    ChainReport report = walk(ChainWalk.fromFirstEntry(KEY), chain.subList(0, 8), checkpoints, 10);

    assertThat(report.intact()).isFalse();
    assertThat(report.firstBrokenSeq()).isEqualTo(9);
    assertThat(report.brokenCheckpoint()).isEqualTo(10);
    assertThat(report.problem()).contains("cut off");
  }

  @Test
  @DisplayName("a checkpoint of the last entry is no cut-off; entries missing at the end are")
  void theEnd() {
    List<LoggedEntry> chain = chain(10, 0);

    ChainReport atTheEnd = walk(ChainWalk.fromFirstEntry(KEY), chain, signed(chain, 10), 10);
    assertThat(atTheEnd.intact()).as(atTheEnd.toString()).isTrue();
    assertThat(atTheEnd.lastCheckpoint()).isEqualTo(10);

    ChainReport shorter = walk(ChainWalk.fromFirstEntry(KEY), chain.subList(0, 8), List.of(), 0);
    assertThat(shorter.intact()).isTrue();
    ChainWalk walk = ChainWalk.fromFirstEntry(KEY);
    walk(walk, chain.subList(0, 8), List.of(), 0);
    ChainReport missing = walk.report(10, 0);
    assertThat(missing.intact()).isFalse();
    assertThat(missing.firstBrokenSeq()).isEqualTo(9);
    assertThat(missing.problem()).contains("entry 9 is missing (the log ends at 10)");
  }

  @Test
  @DisplayName("a checkpoint fed after its entry was walked names an entry the walk does not have")
  void checkpointForAPassedEntry() {
    List<LoggedEntry> chain = chain(10, 0);
    ChainWalk walk = ChainWalk.fromFirstEntry(KEY);
    for (LoggedEntry entry : chain.subList(0, 3)) {
      assertThat(walk.entry(entry)).isTrue();
    }
    walk.checkpoints(signed(chain, 2));

    assertThat(walk.entry(chain.get(3))).isFalse();
    assertThat(walk.holds()).isFalse();
    ChainReport report = walk.report(10, 2);
    assertThat(report.brokenCheckpoint()).isEqualTo(2);
    assertThat(report.problem()).contains("checkpoint 2 names an entry the chain does not have");
  }

  /** Feeds as {@link LogSearch#verify} does: chunks of three, their checkpoints first. */
  private static ChainReport walk(
      ChainWalk walk,
      List<LoggedEntry> entries,
      List<Checkpoint> checkpoints,
      long lastCheckpoint) {
    long lastEntry = entries.isEmpty() ? 0 : entries.get(entries.size() - 1).seq();
    for (int from = 0; from < entries.size() && walk.holds(); from += 3) {
      List<LoggedEntry> chunk = entries.subList(from, Math.min(entries.size(), from + 3));
      long after = walk.nextSeq() - 1;
      long upTo = chunk.get(chunk.size() - 1).seq();
      walk.checkpoints(
          checkpoints.stream().filter(c -> c.seq() > after && c.seq() <= upTo).toList());
      for (LoggedEntry entry : chunk) {
        boolean goesOn = walk.entry(entry);
        assertThat(goesOn)
            .as("entry %d: the walk goes on exactly while it holds", entry.seq())
            .isEqualTo(walk.holds());
        if (!goesOn) {
          assertThat(walk.entry(entry)).as("nothing is walked after a break").isFalse();
          break;
        }
      }
    }
    ChainReport report = walk.report(lastEntry, lastCheckpoint);
    assertThat(walk.holds()).as("holds() agrees with the report").isEqualTo(report.intact());
    return report;
  }

  private static List<Checkpoint> signed(List<LoggedEntry> chain, long... seqs) {
    List<Checkpoint> checkpoints = new ArrayList<>();
    for (long seq : seqs) {
      checkpoints.add(KEY.checkpoint(seq, chain.get((int) seq - 1).hash(), T0.plusSeconds(seq)));
    }
    return checkpoints;
  }

  /** {@code n} chained entries; {@code variant} changes every entry's content. */
  private static List<LoggedEntry> chain(int n, long variant) {
    List<LoggedEntry> chain = new ArrayList<>();
    String prevHash = EntryHash.GENESIS;
    for (long seq = 1; seq <= n; seq++) {
      LoggedEntry entry =
          LogChain.chained(seq, T0.plusSeconds(seq), fact(seq * 100 + variant), prevHash);
      chain.add(entry);
      prevHash = entry.hash();
    }
    return chain;
  }

  /** The chain with entry {@code seq}'s amount changed and every hash from it on recomputed. */
  private static List<LoggedEntry> rechain(List<LoggedEntry> chain, long seq, long amount) {
    List<LoggedEntry> rewritten = new ArrayList<>(chain.subList(0, (int) seq - 1));
    String prevHash = rewritten.get(rewritten.size() - 1).hash();
    for (LoggedEntry e : chain.subList((int) seq - 1, chain.size())) {
      long value = e.seq() == seq ? amount : e.amount();
      LoggedEntry again = LogChain.chained(e.seq(), e.loggedAt(), fact(value), prevHash);
      rewritten.add(again);
      prevHash = again.hash();
    }
    return rewritten;
  }

  private static LoggedEntry fact(long amount) {
    return NewEntry.of(LogKind.ORDER_CREATED).money(amount, "JPY").actor("test").build();
  }

  /** The entry with another amount but its old hash: changed behind the log's back. */
  private static LoggedEntry withAmount(LoggedEntry e, Long amount) {
    return LogChain.chained(e.seq(), e.loggedAt(), fact(amount), e.prevHash()).withHash(e.hash());
  }
}
