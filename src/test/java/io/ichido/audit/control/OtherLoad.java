package io.ichido.audit.control;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * How much CPU other processes took while the benchmark ran: the machine's busy time (steal
 * included) less that of this JVM and its descendants (the embedded PostgreSQL). Backends that
 * ended meanwhile (autovacuum workers) count as other, so the figure errs on the high side.
 */
final class OtherLoad {

  /** /proc counts in USER_HZ, which is 100 on every Linux this runs on. */
  private static final double TICKS_PER_SECOND = 100;

  private final long machineAtStart = machineBusyTicks();
  private final long ownAtStart = ownTicks();
  private final long startedNanos = System.nanoTime();

  /** Average CPUs used by other processes since this was made; NaN where /proc cannot tell. */
  double cpus() {
    long other = (machineBusyTicks() - machineAtStart) - (ownTicks() - ownAtStart);
    double seconds = (System.nanoTime() - startedNanos) / 1e9;
    return Math.max(0, other / TICKS_PER_SECOND / seconds);
  }

  private static long machineBusyTicks() {
    try {
      String[] cpu = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
      // user nice system ... steal; interrupts are left out, most of them are our own loopback.
      return Long.parseLong(cpu[1])
          + Long.parseLong(cpu[2])
          + Long.parseLong(cpu[3])
          + Long.parseLong(cpu[8]);
    } catch (IOException | RuntimeException e) {
      return 0;
    }
  }

  private static long ownTicks() {
    ProcessHandle self = ProcessHandle.current();
    try (Stream<ProcessHandle> tree = Stream.concat(Stream.of(self), self.descendants())) {
      return tree.mapToLong(p -> ticks(p.pid())).sum();
    }
  }

  private static long ticks(long pid) {
    try {
      String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
      // Fields after the command name, which may hold spaces: state is 3rd, utime 14th, stime 15th.
      String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    } catch (IOException | RuntimeException e) {
      return 0;
    }
  }
}
