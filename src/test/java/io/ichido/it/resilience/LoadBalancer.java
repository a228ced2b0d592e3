package io.ichido.it.resilience;

import io.ichido.it.support.Api;
import io.ichido.it.support.Await;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Debian's HAProxy in front of Liberty servers on this machine: round-robin, each server checked on
 * {@code /health/ready} every second, on a free port. Every answer names the server that gave it in
 * {@link #SERVED_BY}. src/test/cluster/ensure-haproxy.sh installs HAProxy for the test command.
 */
final class LoadBalancer {

  /** The answer's header naming the server behind it: {@code s1}, {@code s2}, ... */
  static final String SERVED_BY = "X-Served-By";

  private final Process haproxy;
  private final int port;

  private LoadBalancer(Process haproxy, int port) {
    this.haproxy = haproxy;
    this.port = port;
  }

  /**
   * Starts HAProxy over the servers on {@code ports} (plain HTTP on localhost) and waits until
   * every one of them has answered through it.
   */
  static LoadBalancer roundRobin(List<Integer> ports) throws IOException, InterruptedException {
    int port = freePort();
    Path dir = Files.createDirectories(Path.of("target/cluster"));
    Path config = dir.resolve("haproxy.cfg");
    Files.writeString(config, config(port, ports));
    Process haproxy =
        new ProcessBuilder(binary(), "-db", "-f", config.toString())
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("haproxy.log").toFile())
            .start();
    LoadBalancer balancer = new LoadBalancer(haproxy, port);
    Set<String> seen = new HashSet<>();
    Await.until(
        "every server to answer through HAProxy",
        Duration.ofSeconds(30),
        () -> {
          balancer.servedBy("/health/ready").ifPresent(seen::add);
          return seen.size() == ports.size() || !haproxy.isAlive();
        });
    if (!haproxy.isAlive()) {
      throw new IllegalStateException(
          "HAProxy stopped: " + Files.readString(dir.resolve("haproxy.log")));
    }
    return balancer;
  }

  String baseUrl() {
    return "http://127.0.0.1:" + port;
  }

  static String servedBy(HttpResponse<?> answer) {
    return answer.headers().firstValue(SERVED_BY).orElse("?");
  }

  private Optional<String> servedBy(String path) {
    try {
      HttpResponse<String> answer =
          Api.send(
              HttpRequest.newBuilder(URI.create(baseUrl() + path))
                  .timeout(Duration.ofSeconds(5))
                  .build());
      return answer.statusCode() == 200 ? answer.headers().firstValue(SERVED_BY) : Optional.empty();
    } catch (RuntimeException notYet) {
      return Optional.empty();
    }
  }

  void stop() throws InterruptedException {
    haproxy.destroy();
    if (!haproxy.waitFor(10, TimeUnit.SECONDS)) {
      haproxy.destroyForcibly();
    }
  }

  /**
   * A dead server refuses the check's connection at once and is out after 3 s; a busy one may take
   * up to 10 s to answer it, so that a storm does not take a live server out. A request the chosen
   * server refused at connect (it died, the check has not noticed yet) goes to another one ({@code
   * redispatch}); a request cut mid-answer reaches the client as 502, which a client retries with
   * the same key.
   */
  private static String config(int port, List<Integer> ports) {
    String servers =
        IntStream.range(0, ports.size())
            .mapToObj(i -> "    server s%d 127.0.0.1:%d check".formatted(i + 1, ports.get(i)))
            .collect(Collectors.joining("\n"));
    return """
        global
            maxconn 1024

        defaults
            mode http
            timeout connect 2s
            timeout client 90s
            timeout server 90s
            timeout check 10s
            retries 2
            option redispatch

        frontend cluster
            bind 127.0.0.1:%d
            default_backend ichido

        backend ichido
            balance roundrobin
            option httpchk GET /health/ready
            http-check expect status 200
            default-server inter 1s fall 3 rise 1
            http-response set-header %s %%[srv_name]
        %s
        """
        .formatted(port, SERVED_BY, servers);
  }

  static String binary() {
    for (String dir : (System.getenv("PATH") + ":/usr/sbin:/usr/local/sbin").split(":")) {
      Path candidate = Path.of(dir, "haproxy");
      if (Files.isExecutable(candidate)) {
        return candidate.toString();
      }
    }
    throw new IllegalStateException(
        "HAProxy is missing: the test command installs it as root or with password-less sudo;"
            + " otherwise run 'sudo apt-get install haproxy'");
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
