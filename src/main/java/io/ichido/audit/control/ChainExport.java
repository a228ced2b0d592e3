package io.ichido.audit.control;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ichido.audit.entity.Checkpoint;
import io.ichido.audit.entity.LoggedEntry;
import io.ichido.platform.control.Json;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.util.List;

/**
 * The chain as an auditor recomputes it (docs/audit.md, Recomputing the chain): one line per entry
 * in seq order, exactly the fields its hash covers plus the stored hash, and after the entry a
 * checkpoint signs, a line with that checkpoint. Read a chunk per transaction, so an export of
 * years holds one chunk in memory and no connection while the client is written to.
 */
@ApplicationScoped
public class ChainExport {

  /** JSON lines, under the name the NDJSON specification gives them. */
  public static final String MEDIA_TYPE = "application/x-ndjson";

  private static final int CHUNK = 1000;

  @Inject LogSequencer sequencer;
  @Inject LogChunks chunks;

  /** Entries {@code fromSeq <= seq <= toSeq}, both in the log. */
  public record Range(long fromSeq, long toSeq) {}

  /** Receives the export a line at a time, without its line feed. */
  @FunctionalInterface
  public interface Lines {
    void accept(String line) throws IOException;
  }

  /**
   * Chains everything committed before the question, then settles the range against the head.
   *
   * @param toSeq the last entry, or null for the newest
   * @param toCheckpoint whether to end instead at the newest checkpoint at or before that entry
   * @throws InvalidLogQuery when the range names entries the log does not have yet, or there is no
   *     checkpoint to end at
   */
  public Range range(long fromSeq, Long toSeq, boolean toCheckpoint) {
    sequencer.catchUp();
    long head = chunks.ends().lastEntry();
    if (fromSeq > head) {
      throw new InvalidLogQuery("fromSeq", "is after the newest entry (" + head + ")");
    }
    if (toSeq != null && toSeq > head) {
      throw new InvalidLogQuery("toSeq", "is after the newest entry (" + head + ")");
    }
    long to = toSeq == null ? head : toSeq;
    if (toCheckpoint) {
      List<Checkpoint> newest = chunks.checkpoints(to + 1, 1);
      if (newest.isEmpty() || newest.get(0).seq() < fromSeq) {
        throw new InvalidLogQuery(
            "toCheckpoint", "finds no checkpoint of entries " + fromSeq + " to " + to);
      }
      to = newest.get(0).seq();
    }
    return new Range(fromSeq, to);
  }

  /** Writes the range's lines; see the class comment. */
  public void write(Range range, Lines out) throws IOException {
    long after = range.fromSeq() - 1;
    while (after < range.toSeq()) {
      LogChunks.Chunk chunk = chunks.after(after, range.toSeq(), CHUNK);
      if (chunk.entries().isEmpty()) {
        return;
      }
      int checkpoint = 0;
      List<Checkpoint> checkpoints = chunk.checkpoints();
      for (LoggedEntry entry : chunk.entries()) {
        out.accept(entryLine(entry));
        // A checkpoint naming an entry the log lacks follows the next one: the script reports it.
        while (checkpoint < checkpoints.size()
            && checkpoints.get(checkpoint).seq() <= entry.seq()) {
          out.accept(checkpointLine(checkpoints.get(checkpoint++)));
        }
      }
      after = chunk.entries().get(chunk.entries().size() - 1).seq();
    }
  }

  /** The hashed fields and the hash as stored, as canonical JSON. */
  static String entryLine(LoggedEntry entry) {
    ObjectNode line = EntryHash.content(entry);
    line.put("hash", entry.hash());
    return EntryHash.canonical(line);
  }

  /** {@code {"checkpoint":{...}}}: the fields of the checkpoints API, the signed message too. */
  static String checkpointLine(Checkpoint checkpoint) {
    ObjectNode line = Json.MAPPER.createObjectNode();
    line.putObject("checkpoint")
        .put("seq", checkpoint.seq())
        .put("hash", checkpoint.hash())
        .put("signedAt", Checkpoint.signedAt(checkpoint.signedAt()))
        .put("keyId", checkpoint.keyId())
        .put("signature", checkpoint.signature())
        .put("message", checkpoint.message());
    return EntryHash.canonical(line);
  }
}
