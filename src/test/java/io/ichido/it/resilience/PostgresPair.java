package io.ichido.it.resilience;

import static org.assertj.core.api.Assertions.assertThat;

import io.ichido.dev.DevDatabase;
import io.ichido.it.support.Await;
import io.ichido.it.support.SecondServer;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A PostgreSQL primary and its standby, streaming, from the build's own binaries, as an operator
 * without a failover manager would run them: the standby is a copy of the primary's data directory
 * taken while it was shut down cleanly, it streams the primary's WAL through a {@link Link} the
 * test can stall and cut (a network between two machines), and {@link #promote()} is what {@code
 * pg_ctl promote} does. The primary dies by {@link #killPrimary()} (SIGKILL to the postmaster and
 * every backend, as when its machine is gone) and is never started again: that is its fencing.
 *
 * <p>{@code fsync} is off in both: the test kills processes, not machines, and the kernel keeps
 * what a killed process wrote. {@code synchronous_commit} is on, so with {@link
 * Replication#SYNCHRONOUS} a commit is acknowledged only once the standby has flushed it.
 */
final class PostgresPair implements AutoCloseable {

  /** How the primary replicates to the standby. */
  enum Replication {
    /** {@code synchronous_standby_names} names the standby: a commit waits for its flush. */
    SYNCHRONOUS,
    /** The standby follows as it can; a commit waits for nobody but the primary's own WAL. */
    ASYNCHRONOUS
  }

  static final String STANDBY_NAME = "ichido_standby";
  private static final String DATABASE = "ichido";
  private static final String USER = "ichido";

  private final Path dir;
  private final int primaryPort;
  private final int standbyPort;
  private final Replication replication;
  private EmbeddedPostgres primary;
  private EmbeddedPostgres standby;
  private Link link;
  private boolean primaryKilled;

  private PostgresPair(Path dir, int primaryPort, int standbyPort, Replication replication) {
    this.dir = dir.toAbsolutePath();
    this.primaryPort = primaryPort;
    this.standbyPort = standbyPort;
    this.replication = replication;
  }

  /**
   * A primary on {@code primaryPort} with the application's schema, and a standby on {@code
   * standbyPort} streaming from it and caught up, in {@code dir} (emptied first).
   */
  static PostgresPair start(Path dir, int primaryPort, int standbyPort, Replication replication)
      throws Exception {
    PostgresPair pair = new PostgresPair(dir, primaryPort, standbyPort, replication);
    pair.startBoth();
    return pair;
  }

  private void startBoth() throws Exception {
    SecondServer.deleteRecursively(dir);
    Path primaryDir = dir.resolve("primary");
    Path standbyDir = dir.resolve("standby");
    Files.createDirectories(dir);
    try (EmbeddedPostgres first = server(primaryDir, primaryPort, "").start()) {
      try (Connection admin = first.getPostgresDatabase().getConnection();
          Statement sql = admin.createStatement()) {
        sql.execute("CREATE ROLE " + USER + " LOGIN PASSWORD '" + USER + "'");
        sql.execute("CREATE DATABASE " + DATABASE + " OWNER " + USER);
      }
      DevDatabase.main(new String[] {"--port=" + primaryPort, "--changelog-dir=."});
    }
    // Shut down cleanly: a copy of its directory now is a consistent standby, no backup needed.
    copyDataDirectory(primaryDir, standbyDir);
    link = Link.to(primaryPort);
    Files.writeString(standbyDir.resolve("standby.signal"), "");
    Files.writeString(
        standbyDir.resolve("postgresql.auto.conf"),
        "primary_conninfo = 'host=127.0.0.1 port=%d user=postgres application_name=%s'\n"
            .formatted(link.port(), STANDBY_NAME),
        java.nio.file.StandardOpenOption.APPEND);
    primary =
        server(primaryDir, primaryPort, replication == Replication.SYNCHRONOUS ? STANDBY_NAME : "")
            .start();
    // Promoted, it stands alone: it waits for no standby until an operator attaches a new one.
    standby = server(standbyDir, standbyPort, "").start();
    Await.until(
        "the standby to stream from the primary as " + replication,
        Duration.ofSeconds(60),
        () ->
            (replication == Replication.SYNCHRONOUS ? "sync" : "async").equals(replicationState()));
  }

  private static EmbeddedPostgres.Builder server(
      Path dataDir, int port, String synchronousStandbys) {
    return EmbeddedPostgres.builder()
        .setPGStartupWait(DevDatabase.STARTUP_WAIT)
        .setDataDirectory(dataDir)
        .setCleanDataDirectory(false)
        .setRegisterShutdownHook(true)
        .setPort(port)
        .setServerConfig("max_connections", "100")
        .setServerConfig("shared_buffers", "64MB")
        .setServerConfig("fsync", "off")
        .setServerConfig("synchronous_commit", "on")
        .setServerConfig("wal_level", "replica")
        .setServerConfig("max_wal_senders", "4")
        .setServerConfig("wal_keep_size", "256MB")
        .setServerConfig("hot_standby", "on")
        .setServerConfig("wal_receiver_status_interval", "1s")
        .setServerConfig("synchronous_standby_names", "'" + synchronousStandbys + "'");
  }

  /** The primary's data directory as it is on disk, less what belongs to its running server. */
  private static void copyDataDirectory(Path from, Path to) throws IOException {
    Set<String> left = Set.of("postmaster.pid", "postmaster.opts", "epg-lock");
    try (Stream<Path> paths = Files.walk(from)) {
      for (Path p : paths.toList()) {
        if (left.contains(p.getFileName().toString())) {
          continue;
        }
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
          // PostgreSQL starts only from a directory nobody else may read.
          Files.setPosixFilePermissions(target, Files.getPosixFilePermissions(p));
        } else {
          Files.copy(p, target, StandardCopyOption.COPY_ATTRIBUTES);
        }
      }
    }
  }

  /** The primary's {@code sync_state} of the standby, or null while none streams. */
  String replicationState() {
    try (Connection c = admin(primaryPort);
        Statement sql = c.createStatement();
        ResultSet row =
            sql.executeQuery(
                "SELECT sync_state FROM pg_stat_replication WHERE application_name = '"
                    + STANDBY_NAME
                    + "' AND state = 'streaming'")) {
      return row.next() ? row.getString(1) : null;
    } catch (SQLException notYet) {
      return null;
    }
  }

  /** The link between them stops carrying anything, both ways: the standby falls behind. */
  void stallLink() {
    link.stall();
  }

  /**
   * SIGKILL to the primary's postmaster and every process it started, all at once: no shutdown
   * checkpoint, nothing more sent to the standby, every connection reset. Then the link is cut,
   * whatever it held never delivered.
   */
  void killPrimary() throws Exception {
    long pid = Long.parseLong(Files.readAllLines(postmasterPid(dir.resolve("primary"))).get(0));
    ProcessHandle postmaster = ProcessHandle.of(pid).orElseThrow();
    List<ProcessHandle> all = new ArrayList<>();
    all.add(postmaster);
    postmaster.descendants().forEach(all::add);
    List<String> kill = new ArrayList<>(List.of("kill", "-KILL"));
    all.forEach(p -> kill.add(Long.toString(p.pid())));
    new ProcessBuilder(kill).inheritIO().start().waitFor(10, TimeUnit.SECONDS);
    for (ProcessHandle p : all) {
      p.onExit().get(30, TimeUnit.SECONDS);
    }
    primaryKilled = true;
    link.cut();
  }

  private static Path postmasterPid(Path dataDir) {
    return dataDir.resolve("postmaster.pid");
  }

  /** {@code pg_promote()}, waited for: the standby ends recovery and takes writes. */
  void promote() throws SQLException {
    try (Connection c = admin(standbyPort);
        Statement sql = c.createStatement();
        ResultSet promoted = sql.executeQuery("SELECT pg_promote(true, 60)")) {
      assertThat(promoted.next() && promoted.getBoolean(1)).as("promoted").isTrue();
    }
  }

  /** Both servers as {@code host:port,host:port}, the primary's first. */
  String hosts() {
    return "localhost:%d,localhost:%d".formatted(primaryPort, standbyPort);
  }

  /** Which of the two is primary now, as a person would say it. */
  String primaryNow() {
    return primaryKilled ? "the promoted standby" : "the first primary";
  }

  /**
   * The application's database on whichever server is primary now, found as the application finds
   * it.
   */
  Connection connectToPrimary() throws SQLException {
    return DriverManager.getConnection(
        "jdbc:postgresql://%s/%s?targetServerType=primary&hostRecheckSeconds=1&connectTimeout=5"
            .formatted(hosts(), DATABASE),
        USER,
        USER);
  }

  /** Runs {@code sql} with {@code args} on the primary, as the application's user. */
  void update(String sql, List<Object> args) {
    try (Connection c = connectToPrimary();
        PreparedStatement statement = c.prepareStatement(sql)) {
      for (int i = 0; i < args.size(); i++) {
        statement.setObject(i + 1, args.get(i));
      }
      statement.executeUpdate();
    } catch (SQLException e) {
      throw new IllegalStateException(sql, e);
    }
  }

  private static Connection admin(int port) throws SQLException {
    return DriverManager.getConnection(
        "jdbc:postgresql://localhost:%d/postgres?connectTimeout=5&socketTimeout=10".formatted(port),
        "postgres",
        "");
  }

  @Override
  public void close() throws IOException {
    if (link != null) {
      link.cut();
    }
    if (standby != null) {
      standby.close();
    }
    if (primary != null && !primaryKilled) {
      primary.close();
    }
  }

  /**
   * A TCP link from the standby to the primary that the test can stall (bytes stay where they are,
   * both ways) and cut (both ends closed, what was held never delivered): the network between two
   * machines.
   */
  static final class Link {

    private final ServerSocket listener;
    private final int target;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private volatile CountDownLatch stalled = new CountDownLatch(0);

    private Link(ServerSocket listener, int target) {
      this.listener = listener;
      this.target = target;
    }

    static Link to(int port) throws IOException {
      Link link = new Link(new ServerSocket(0, 10, InetAddress.getLoopbackAddress()), port);
      Thread accepting = new Thread(link::accept, "replication-link");
      accepting.setDaemon(true);
      accepting.start();
      return link;
    }

    int port() {
      return listener.getLocalPort();
    }

    void stall() {
      stalled = new CountDownLatch(1);
    }

    void cut() throws IOException {
      listener.close();
      for (Socket socket : sockets) {
        socket.close();
      }
      // The stalled pipes wake to closed sockets and end.
      stalled.countDown();
    }

    private void accept() {
      while (!listener.isClosed()) {
        try {
          Socket standby = listener.accept();
          Socket primary = new Socket(InetAddress.getLoopbackAddress(), target);
          sockets.add(standby);
          sockets.add(primary);
          pipe(standby, primary);
          pipe(primary, standby);
        } catch (IOException closed) {
          return;
        }
      }
    }

    private void pipe(Socket from, Socket to) {
      Thread copying =
          new Thread(
              () -> {
                byte[] buffer = new byte[64 * 1024];
                try (InputStream in = from.getInputStream();
                    OutputStream out = to.getOutputStream()) {
                  int n;
                  while ((n = in.read(buffer)) >= 0) {
                    // Read, then held here while stalled: never written once the link is cut.
                    stalled.await();
                    if (to.isClosed()) {
                      return;
                    }
                    out.write(buffer, 0, n);
                    out.flush();
                  }
                } catch (IOException | InterruptedException ended) {
                  // cut, or one side gone: the other side sees its socket close
                } finally {
                  close(from);
                  close(to);
                }
              },
              "replication-link-pipe");
      copying.setDaemon(true);
      copying.start();
    }

    private static void close(Socket socket) {
      try {
        socket.close();
      } catch (IOException ignored) {
        // closing anyway
      }
    }
  }
}
