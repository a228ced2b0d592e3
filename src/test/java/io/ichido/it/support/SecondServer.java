package io.ichido.it.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A Liberty server of a test's own beside the build's ({@code ichido-it}): its configuration,
 * database, gateways and certificate, with ports of its own and whatever a test adds; started and
 * killed (SIGKILL, as a crash) by the test, so it must never be the build's server.
 */
public final class SecondServer {

  private static final Path WLP = Path.of("target/liberty/wlp");

  private final String name;
  private final int httpPort;
  private final int httpsPort;
  private final Path dir;

  public SecondServer(String name, int httpPort, int httpsPort) {
    this.name = name;
    this.httpPort = httpPort;
    this.httpsPort = httpsPort;
    this.dir = WLP.resolve("usr/servers/" + name);
  }

  /**
   * Leases short enough that a request a kill or a lost database cut off can be retried within a
   * test; the transaction timeout ({@link #shortTimers}) stays below the key's lease, as the
   * contract asks.
   */
  public static final Map<String, String> SHORT_LEASES =
      Map.of("ICHIDO_IDEMPOTENCY_LEASE", "PT40S", "ICHIDO_PAYMENTS_ATTEMPT_LEASE", "PT35S");

  /**
   * The server.xml overrides that go with {@link #SHORT_LEASES}: a 30 s transaction timeout, and
   * persistent timers a server reserves for {@code timerClaim} past each run (Liberty refuses less
   * than 100 s unless told it is a test, which this server is).
   */
  public static String shortTimers(Duration timerClaim) {
    return """
        <variable name="TX_TIMEOUT" value="30s"/>
        <persistentExecutor id="defaultEJBPersistentTimerExecutor" missedTaskThreshold="%ds"
                            ignore.minimum.for.test.use.only="true"/>
        """
        .formatted(timerClaim.toSeconds());
  }

  public String baseUrl() {
    return "http://localhost:" + httpPort;
  }

  public int httpPort() {
    return httpPort;
  }

  Path messagesLog() {
    return dir.resolve("logs/messages.log");
  }

  /**
   * Makes the server afresh from the build's: the same server.xml, users, libraries, certificate
   * and development drop-in (database, gateways pointed at the sandbox), then {@code overrides}
   * (server.xml elements, read after the build's drop-ins), {@code environment} added to server.env
   * and {@code war} as its only application.
   */
  public void create(Path war, String overrides, Map<String, String> environment)
      throws IOException {
    Path template =
        WLP.resolve("usr/servers/" + System.getProperty("ichido.itServer", "ichido-it"));
    deleteRecursively(dir);
    Files.createDirectories(dir.resolve("dropins"));
    Files.createDirectories(dir.resolve("configDropins/overrides"));
    for (String file : List.of("server.xml", "security.xml")) {
      Files.copy(template.resolve(file), dir.resolve(file));
    }
    copyTree(template.resolve("lib"), dir.resolve("lib"));
    if (Files.isDirectory(template.resolve("resources/security"))) {
      // Its certificate and keys, matching server.env's passwords: no new ones to make at start.
      copyTree(template.resolve("resources/security"), dir.resolve("resources/security"));
    }
    copyTree(template.resolve("configDropins/overrides"), dir.resolve("configDropins/overrides"));
    // Overrides are read in name order: this one must come after the test run's.
    Files.writeString(
        dir.resolve("configDropins/overrides/zz-" + name + ".xml"),
        """
        <server>
            <variable name="HTTP_PORT" value="%d"/>
            <variable name="HTTPS_PORT" value="%d"/>
        %s
        </server>
        """
            .formatted(httpPort, httpsPort, overrides.indent(4)));
    // server create generated the keystore and LTPA passwords into server.env: keep them.
    Files.writeString(
        dir.resolve("server.env"),
        Files.readString(template.resolve("server.env"))
            + "\n"
            + environment.entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue() + "\n")
                .collect(Collectors.joining()));
    Files.copy(war, dir.resolve("dropins").resolve(war.getFileName()));
  }

  /** Starts it and waits until it is ready (its database reachable, its application up). */
  public void start() throws IOException, InterruptedException {
    Process start =
        new ProcessBuilder(WLP.resolve("bin/server").toString(), "start", name)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    assertThat(start.waitFor(120, TimeUnit.SECONDS)).as(name + " started").isTrue();
    Await.until(name + " to be ready", Duration.ofMinutes(3), this::ready);
  }

  public boolean ready() {
    try {
      return Api.send(HttpRequest.newBuilder(URI.create(baseUrl() + "/health/ready")).build())
              .statusCode()
          == 200;
    } catch (RuntimeException notYet) {
      return false;
    }
  }

  /** kill -9: no shutdown hook, no draining, connections cut mid-request. */
  public void kill() throws Exception {
    ProcessHandle server = process().orElseThrow(() -> new IllegalStateException(name + " down"));
    server.destroyForcibly();
    server.onExit().get(30, TimeUnit.SECONDS);
  }

  /** Stops it however it is (running, killed, never started). */
  public void stop() throws IOException, InterruptedException {
    if (Files.isDirectory(dir)) {
      process().ifPresent(ProcessHandle::destroyForcibly);
    }
    new ProcessBuilder(WLP.resolve("bin/server").toString(), "stop", name)
        .redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .start()
        .waitFor(60, TimeUnit.SECONDS);
  }

  /**
   * This server's JVM: the one running in its directory (other checkouts on the machine may run a
   * server of the same name).
   */
  private Optional<ProcessHandle> process() throws IOException {
    Path home = dir.toRealPath();
    return ProcessHandle.allProcesses()
        .filter(p -> p.info().commandLine().map(c -> c.contains("ws-server.jar")).orElse(false))
        .filter(p -> home.equals(workingDirectory(p)))
        .findFirst();
  }

  private static Path workingDirectory(ProcessHandle process) {
    try {
      return Files.readSymbolicLink(Path.of("/proc", Long.toString(process.pid()), "cwd"));
    } catch (IOException | UnsupportedOperationException gone) {
      return null;
    }
  }

  /** Copies the tree under {@code from} to {@code to}, replacing files already there. */
  public static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> paths = Files.walk(from)) {
      for (Path p : paths.toList()) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
  }

  /** Deletes {@code dir} and all under it; nothing when it does not exist. */
  public static void deleteRecursively(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
