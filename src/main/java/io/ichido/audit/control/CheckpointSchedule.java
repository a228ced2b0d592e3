package io.ichido.audit.control;

import java.time.Duration;
import java.time.Instant;

/**
 * When the sequencer signs the next checkpoint: once the head has moved past the last checkpoint,
 * and either {@code entries} were chained since it or {@code interval} has passed. The first
 * checkpoint comes as soon as there is an entry.
 */
record CheckpointSchedule(long entries, Duration interval) {

  CheckpointSchedule {
    entries = Math.max(1, entries);
    interval = interval.isNegative() ? Duration.ZERO : interval;
  }

  /**
   * @param head the newest entry's seq, 0 for an empty log
   * @param last the last checkpoint's seq and time, null for none
   */
  boolean due(long head, Last last, Instant now) {
    if (head == 0) {
      return false;
    }
    if (last == null) {
      return true;
    }
    return head > last.seq()
        && (head - last.seq() >= entries || !now.isBefore(last.signedAt().plus(interval)));
  }

  /** The last checkpoint signed. */
  record Last(long seq, Instant signedAt) {}
}
