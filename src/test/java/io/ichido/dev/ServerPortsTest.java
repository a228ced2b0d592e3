package io.ichido.dev;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ServerPortsTest {

  @Test
  @DisplayName(
      "below the kernel's ephemeral range and above the build's fixed ports, free, no twice")
  void outsideTheEphemeralRange() throws Exception {
    int ephemeralStart =
        Integer.parseInt(
            Files.readAllLines(Path.of("/proc/sys/net/ipv4/ip_local_port_range"))
                .get(0)
                .trim()
                .split("\\s+")[0]);
    Set<Integer> ports = new HashSet<>();
    for (int i = 0; i < 20; i++) {
      int port = ServerPorts.outsideEphemeralRange();

      assertThat(port).isBetween(20_000, ephemeralStart - 1);
      assertThat(ports.add(port)).as("handed out before: %d", port).isTrue();
      try (ServerSocket server = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
        assertThat(server.getLocalPort()).isEqualTo(port);
      } catch (BindException taken) {
        // Failed once (2026-12-04, a full unit run right after an IT run) and not since; what held
        // the port then is not known. The next failure names it.
        throw new AssertionError("port " + port + " handed out free, then taken: " + holder(port));
      }
    }
  }

  /** Whatever holds the port now, as {@code ss} sees it. */
  private static String holder(int port) {
    try {
      Process ss =
          new ProcessBuilder("ss", "-tanp", "sport = :" + port).redirectErrorStream(true).start();
      String seen = new String(ss.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      ss.waitFor();
      return seen.isBlank() ? "(ss saw nothing)" : seen;
    } catch (IOException e) {
      return "(ss could not be asked: " + e + ")";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "(interrupted)";
    }
  }
}
