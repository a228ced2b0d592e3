package io.ichido.audit.control;

import java.util.Arrays;

/** The measured calls of one kind: their times (percentiles by nearest rank) and rows. */
final class Latencies {

  private long[] nanos = new long[512];
  private int count;
  private long rows;

  void add(long elapsedNanos, long rowsReturned) {
    if (count == nanos.length) {
      nanos = Arrays.copyOf(nanos, count * 2);
    }
    nanos[count++] = elapsedNanos;
    rows += rowsReturned;
  }

  int count() {
    return count;
  }

  double meanRows() {
    return count == 0 ? 0 : (double) rows / count;
  }

  /** The time at or below which a fraction {@code p} of the calls finished, in milliseconds. */
  double millis(double p) {
    long[] sorted = Arrays.copyOf(nanos, count);
    Arrays.sort(sorted);
    int rank = Math.max(1, (int) Math.ceil(p * count));
    return sorted[rank - 1] / 1e6;
  }
}
