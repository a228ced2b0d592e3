package io.ichido.it.resilience;

import static org.assertj.core.api.Assertions.assertThat;

import io.ichido.it.support.Await;
import io.ichido.it.support.Db;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The test run's PostgreSQL server itself (not a database in it), for tests that take it away under
 * load: a fast shutdown, as an operator's {@code pg_ctl stop -m fast} or a failover does, and a
 * start again from the same data directory with the same settings.
 */
final class TestPostgres {

  private static final Path DATA_DIR =
      Path.of(System.getProperty("ichido.pgData", "target/test-pgdata")).toAbsolutePath();

  private TestPostgres() {}

  /** The server, stopped: {@link #start()} brings it back as it was. */
  record Stopped(List<String> command) {
    void start() throws Exception {
      TestPostgres.start(command);
    }
  }

  /**
   * Stops the server with a fast shutdown (every session ended, open transactions rolled back) and
   * returns once it is gone.
   */
  static Stopped stop() throws Exception {
    long pid = postmasterPid();
    List<String> command = commandLine(pid);
    ProcessHandle postmaster = ProcessHandle.of(pid).orElseThrow();
    new ProcessBuilder("kill", "-INT", Long.toString(pid)).inheritIO().start().waitFor();
    postmaster.onExit().get(60, TimeUnit.SECONDS);
    return new Stopped(command);
  }

  /**
   * The extracted binaries refuse to run as root, which the test may be: like the library that
   * first started them, run pg_ctl in a user namespace of its own, where it is nobody.
   */
  private static void start(List<String> postmasterCommand) throws Exception {
    Path postgres = Path.of(postmasterCommand.get(0));
    List<String> options = new ArrayList<>(postmasterCommand.subList(1, postmasterCommand.size()));
    int dataDir = options.indexOf("-D");
    options.subList(dataDir, dataDir + 2).clear();
    List<String> pgCtl = new ArrayList<>();
    if (System.getProperty("user.name").equals("root")) {
      pgCtl.addAll(List.of("unshare", "-U"));
    }
    pgCtl.addAll(
        List.of(
            postgres.resolveSibling("pg_ctl").toString(),
            "-D",
            DATA_DIR.toString(),
            "-o",
            String.join(" ", options),
            "-l",
            DATA_DIR.resolveSibling("test-pgdata-restarted.log").toString(),
            "-w",
            "start"));
    Process start =
        new ProcessBuilder(pgCtl)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    assertThat(start.waitFor(60, TimeUnit.SECONDS)).as("pg_ctl start returned").isTrue();
    assertThat(start.exitValue()).as("pg_ctl start").isZero();
    Await.until("PostgreSQL to accept connections", TestPostgres::accepting);
  }

  private static boolean accepting() {
    try (var connection = Db.connect()) {
      return connection.isValid(2);
    } catch (Exception notYet) {
      return false;
    }
  }

  private static long postmasterPid() throws IOException {
    return Long.parseLong(Files.readAllLines(DATA_DIR.resolve("postmaster.pid")).get(0).trim());
  }

  /** The postmaster's own command line: its binary, data directory and every setting. */
  private static List<String> commandLine(long pid) throws IOException {
    String raw =
        new String(
            Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline")),
            StandardCharsets.UTF_8);
    List<String> command = Arrays.asList(raw.split("\0"));
    assertThat(command).as("the postmaster of " + DATA_DIR).contains(DATA_DIR.toString());
    return command;
  }
}
