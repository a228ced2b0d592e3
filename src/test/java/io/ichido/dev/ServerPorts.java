package io.ichido.dev;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Ports for a server that must be told its port before it starts, as PostgreSQL must. A port found
 * free by binding port 0 lies in the kernel's ephemeral range, where every other bind to port 0 and
 * every outgoing connection (of the test classes running meanwhile, of other builds on the machine)
 * may take it in the seconds before the server binds it. These lie outside that range, where
 * neither does, clear of the fixed ports the build uses (all below 20000), and this JVM hands out
 * none twice.
 */
public final class ServerPorts {

  private static final int LOWEST = 20_000;
  private static final int FEWEST = 1_000;
  private static final Path EPHEMERAL_RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
  private static final Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();

  private ServerPorts() {}

  /** A port that no socket on the loopback interface holds now, outside the ephemeral range. */
  public static int outsideEphemeralRange() throws IOException {
    int[] ephemeral = ephemeralRange();
    int from;
    int to;
    if (ephemeral[0] - LOWEST >= FEWEST) {
      from = LOWEST;
      to = ephemeral[0];
    } else if (65_536 - (ephemeral[1] + 1) >= FEWEST) {
      from = ephemeral[1] + 1;
      to = 65_536;
    } else {
      throw new IOException(
          "The ephemeral port range "
              + ephemeral[0]
              + "-"
              + ephemeral[1]
              + " leaves no room for servers on ports of their own");
    }
    return freeBetween(from, to);
  }

  /**
   * A port from {@code from} (inclusive) to {@code to} (exclusive) that this JVM has not handed out
   * and no socket on the loopback interface holds now. Free now is all it can say: any process on
   * the machine may bind it before the caller does, and a process this JVM starts meanwhile holds
   * the probe's socket for a moment after the probe closed it (it inherits the descriptor until the
   * JDK's launcher closes it in the child). A server that starts seconds later, as PostgreSQL does
   * after initdb, finds it free.
   */
  static int freeBetween(int from, int to) throws IOException {
    for (int attempt = 0; attempt < 100; attempt++) {
      int port = ThreadLocalRandom.current().nextInt(from, to);
      if (HANDED_OUT.add(port) && free(port)) {
        return port;
      }
    }
    throw new IOException("No free port found between " + from + " and " + to);
  }

  /** Linux's range, or the one IANA suggests where there is no such file. */
  private static int[] ephemeralRange() throws IOException {
    if (!Files.isReadable(EPHEMERAL_RANGE)) {
      return new int[] {49_152, 65_535};
    }
    // One line; not Files.readString, which takes a procfs file's size of 0 at its word.
    String[] bounds = Files.readAllLines(EPHEMERAL_RANGE).get(0).trim().split("\\s+");
    return new int[] {Integer.parseInt(bounds[0]), Integer.parseInt(bounds[1])};
  }

  /** Whether a socket could bind the port on the loopback interface now. */
  static boolean free(int port) {
    try (ServerSocket probe = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
      return probe.isBound();
    } catch (IOException taken) {
      return false;
    }
  }
}
