package io.ichido.dev;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * What {@link ServerPorts} promises: a port outside the ephemeral range, never twice, never one a
 * socket holds when it is asked. It cannot promise that nobody on the machine binds the port after
 * it answered, so these tests never bind a port after it was handed out: an earlier version did,
 * and failed twice in CI runs (port found free, then taken, and {@code ss} a moment later saw no
 * socket on it), which is a race with every process on the machine, not a fault in the class.
 */
class ServerPortsTest {

  @Test
  @DisplayName("below the kernel's ephemeral range and above the build's fixed ports, no twice")
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
    }
  }

  @Test
  @DisplayName("a port a socket holds is not free, and one handed out is never handed out again")
  void skipsHeldPorts() throws Exception {
    int port = ServerPorts.outsideEphemeralRange();
    try (ServerSocket holder = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
      assertThat(holder.getLocalPort()).isEqualTo(port);
      assertThat(ServerPorts.free(port)).isFalse();
    }
    assertThat(ServerPorts.free(port)).isTrue();
    assertThatThrownBy(() -> ServerPorts.freeBetween(port, port + 1))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("No free port found between " + port);
  }
}
