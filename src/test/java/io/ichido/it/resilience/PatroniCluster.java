package io.ichido.it.resilience;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ichido.dev.DevDatabase;
import io.ichido.it.support.Await;
import io.ichido.it.support.SecondServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.UserPrincipal;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Three PostgreSQL nodes under Patroni, with etcd as its store and HAProxy in front, as the
 * operations guide runs them: Debian's {@code patroni}, {@code etcd-server}, {@code postgresql-15}
 * and {@code haproxy} (src/test/cluster/ensure-patroni.sh installs them for the test command).
 * Patroni alone decides who leads: the test only kills, freezes and restarts processes, as a
 * machine's failure would, and reads what Patroni says.
 *
 * <p>The settings are the guide's: {@code synchronous_mode} and {@code synchronous_mode_strict} (a
 * commit is acknowledged only once a standby has it, and with no standby left, none is), {@code
 * use_pg_rewind} (an old leader rejoins as a standby of the new one), {@code ttl} 20 s (Patroni's
 * least), {@code loop_wait} 1 s and {@code retry_timeout} 5 s ({@code loop_wait + 2 * retry_timeout
 * <= ttl}). HAProxy sends connections to the node whose Patroni answers 200 on {@code /primary},
 * checked every 500 ms, and cuts every session to a node it marks down ({@code on-marked-down
 * shutdown-sessions}): a leader that lost its lock can hold no connection of ours.
 *
 * <p>Patroni talks to etcd through etcd's v2 API ({@code etcd:}), not v3 ({@code etcd3:}). Debian's
 * Patroni 3.0.2 renews the leader key over v3 from its cached view of the cluster: a leader whose
 * node was stopped past the key's TTL, running again, writes the key back over the member that took
 * it meanwhile (its {@code _update_leader} puts the key without comparing its value). This test's
 * zombie case caught it: two leaders for a moment, the promoted one left on a timeline nobody
 * follows. Over v2, Patroni renews the key only if it still holds its own name ({@code prevValue}),
 * so the old leader finds it lost and demotes.
 *
 * <p>{@code fsync} is off: the test kills processes, not machines, and the kernel keeps what a
 * killed process wrote. Run as root (as CI is), Patroni and PostgreSQL run as Debian's {@code
 * postgres} user, whom PostgreSQL requires.
 */
final class PatroniCluster implements AutoCloseable {

  static final String SCOPE = "ichido-it";
  private static final String BIN = "/usr/lib/postgresql/15/bin";
  private static final String DATABASE = "ichido";
  private static final String USER = "ichido";
  private static final String SUPERUSER_PASSWORD = "patroni-super";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();

  /** One node: its name, PostgreSQL's port and the port of Patroni's REST API. */
  record Node(String name, int pgPort, int restPort) {}

  private final Path dir;
  private final int etcdPort;
  private final int proxyPort;
  private final boolean strict;
  private final Map<String, Node> nodes = new LinkedHashMap<>();
  private final Map<String, Process> patronis = new LinkedHashMap<>();
  private Process etcd;
  private Process haproxy;

  private PatroniCluster(Path dir, int basePort, boolean strict) {
    this.dir = dir.toAbsolutePath();
    this.etcdPort = basePort;
    this.proxyPort = basePort + 2;
    this.strict = strict;
    for (int i = 1; i <= 3; i++) {
      nodes.put("pg" + i, new Node("pg" + i, basePort + 10 + i, basePort + 20 + i));
    }
  }

  /**
   * etcd on {@code basePort} (its peers on the next), HAProxy on {@code basePort + 2}, the nodes'
   * PostgreSQL on {@code basePort + 11..13} and their REST APIs on {@code basePort + 21..23}, in
   * {@code dir} (emptied first); returns once a leader has the application's schema and both other
   * nodes stream from it, one of them synchronously.
   */
  static PatroniCluster start(Path dir, int basePort, boolean strict) throws Exception {
    PatroniCluster cluster = new PatroniCluster(dir, basePort, strict);
    try {
      cluster.startAll();
    } catch (Exception | AssertionError e) {
      cluster.close();
      throw e;
    }
    return cluster;
  }

  private void startAll() throws Exception {
    for (String tool : List.of("/usr/bin/patroni", "/usr/bin/etcd", BIN + "/pg_rewind")) {
      if (!Files.isExecutable(Path.of(tool))) {
        throw new IllegalStateException(
            tool
                + " is missing: the test command installs Debian's patroni, etcd-server and"
                + " postgresql-15 as root or with password-less sudo; otherwise run 'sudo apt-get"
                + " install patroni etcd-server postgresql-15'");
      }
    }
    SecondServer.deleteRecursively(dir);
    Files.createDirectories(dir);
    etcd =
        new ProcessBuilder(
                "/usr/bin/etcd",
                "--name=" + SCOPE,
                "--data-dir=" + dir.resolve("etcd"),
                "--listen-client-urls=http://127.0.0.1:" + etcdPort,
                "--advertise-client-urls=http://127.0.0.1:" + etcdPort,
                "--listen-peer-urls=http://127.0.0.1:" + (etcdPort + 1),
                "--initial-advertise-peer-urls=http://127.0.0.1:" + (etcdPort + 1),
                "--initial-cluster=" + SCOPE + "=http://127.0.0.1:" + (etcdPort + 1),
                // Patroni speaks etcd's v2 API to it: see the class's comment.
                "--enable-v2=true")
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("etcd.log").toFile())
            .start();
    for (Node node : nodes.values()) {
      Path home = Files.createDirectories(dir.resolve(node.name()));
      Files.writeString(dir.resolve(node.name() + ".yml"), config(node));
      ownedByPostgres(home);
    }
    // The first node bootstraps the cluster alone; the others then copy it (pg_basebackup).
    startNode("pg1");
    awaitLeader(Duration.ofSeconds(60), null);
    startNode("pg2");
    startNode("pg3");
    // Strict: until a standby is synchronous, no commit is acknowledged, the schema's included.
    awaitStreaming(2, Duration.ofSeconds(90));
    String leader = leader().orElseThrow();
    try (Connection admin = superuser(nodes.get(leader).pgPort(), "postgres");
        Statement sql = admin.createStatement()) {
      sql.execute("CREATE ROLE " + USER + " LOGIN PASSWORD '" + USER + "'");
      sql.execute("CREATE DATABASE " + DATABASE + " OWNER " + USER);
    }
    DevDatabase.main(new String[] {"--port=" + nodes.get(leader).pgPort(), "--changelog-dir=."});
    Files.writeString(dir.resolve("haproxy.cfg"), haproxyConfig());
    haproxy =
        new ProcessBuilder(
                LoadBalancer.binary(), "-db", "-f", dir.resolve("haproxy.cfg").toString())
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("haproxy.log").toFile())
            .start();
    // HAProxy counts a server up until its checks say otherwise: until the standbys have failed
    // theirs, a connection may land on one. Six in a row on the leader: both are out.
    Await.until(
        "HAProxy to lead every connection to the leader",
        Duration.ofSeconds(30),
        () -> {
          for (int i = 0; i < 6; i++) {
            try (Connection c = connectToPrimary();
                Statement sql = c.createStatement();
                var rows = sql.executeQuery("SELECT pg_is_in_recovery()")) {
              rows.next();
              if (rows.getBoolean(1)) {
                return false;
              }
            } catch (SQLException notYet) {
              return !haproxy.isAlive();
            }
          }
          return true;
        });
    if (!haproxy.isAlive()) {
      throw new IllegalStateException(
          "HAProxy stopped: " + Files.readString(dir.resolve("haproxy.log")));
    }
  }

  /** Where the application connects: HAProxy, which sends it to the leader. */
  String hosts() {
    return "127.0.0.1:" + proxyPort;
  }

  Map<String, Node> nodes() {
    return nodes;
  }

  /**
   * Starts node {@code name}'s Patroni (which starts its PostgreSQL): a new node copies the leader,
   * an old leader is rewound and follows.
   */
  void startNode(String name) throws IOException {
    List<String> command = new ArrayList<>();
    if (isRoot()) {
      command.addAll(
          List.of("setpriv", "--reuid=postgres", "--regid=postgres", "--init-groups", "--"));
    }
    command.add("/usr/bin/patroni");
    command.add(dir.resolve(name + ".yml").toString());
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(
                ProcessBuilder.Redirect.appendTo(dir.resolve(name + ".patroni.log").toFile()));
    builder.environment().put("HOME", dir.resolve(name).toString());
    patronis.put(name, builder.start());
  }

  /**
   * SIGKILL to the node's Patroni, its PostgreSQL and every backend, as when its machine is gone.
   */
  void kill(String name) {
    signal("-KILL", processes(name));
  }

  /** SIGSTOP to the node's Patroni and PostgreSQL: a machine that stops without a word. */
  void freeze(String name) {
    signal("-STOP", processes(name));
  }

  /** SIGCONT: the frozen machine runs again, unaware that time passed. */
  void thaw(String name) {
    signal("-CONT", processes(name));
  }

  /** SIGSTOP to the node's PostgreSQL alone: its Patroni answers, its database does not. */
  void freezeDatabase(String name) {
    signal("-STOP", postgresProcesses(name));
  }

  /** SIGCONT to the node's PostgreSQL. */
  void thawDatabase(String name) {
    signal("-CONT", postgresProcesses(name));
  }

  private List<Long> processes(String name) {
    List<Long> pids = new ArrayList<>();
    Process patroni = patronis.get(name);
    if (patroni != null) {
      pids.add(patroni.pid());
    }
    pids.addAll(postgresProcesses(name));
    return pids;
  }

  /** The postmaster (from its pid file) and every process it started. */
  private List<Long> postgresProcesses(String name) {
    Path pidFile = dir.resolve(name).resolve("data").resolve("postmaster.pid");
    try {
      if (!Files.exists(pidFile)) {
        return List.of();
      }
      long postmaster = Long.parseLong(Files.readAllLines(pidFile).get(0).trim());
      return Stream.concat(
              Stream.of(postmaster),
              ProcessHandle.of(postmaster).stream()
                  .flatMap(ProcessHandle::descendants)
                  .map(ProcessHandle::pid))
          .toList();
    } catch (IOException | RuntimeException gone) {
      return List.of();
    }
  }

  private static void signal(String signal, List<Long> pids) {
    if (pids.isEmpty()) {
      return;
    }
    List<String> command = new ArrayList<>(List.of("kill", signal));
    pids.forEach(pid -> command.add(Long.toString(pid)));
    try {
      new ProcessBuilder(command).redirectErrorStream(true).start().waitFor(10, TimeUnit.SECONDS);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** The leader Patroni names in etcd as its members see it, or empty when none leads now. */
  Optional<String> leader() {
    for (Node node : nodes.values()) {
      Optional<JsonNode> cluster = rest(node, "/cluster");
      if (cluster.isPresent()) {
        for (JsonNode member : cluster.get().path("members")) {
          if (member.path("role").asText().equals("leader")
              && member.path("state").asText().equals("running")) {
            return Optional.of(member.path("name").asText());
          }
        }
        return Optional.empty();
      }
    }
    return Optional.empty();
  }

  /** The member Patroni names its synchronous standby, or empty when none is. */
  Optional<String> synchronousStandby() {
    for (Node node : nodes.values()) {
      Optional<JsonNode> cluster = rest(node, "/cluster");
      if (cluster.isPresent()) {
        for (JsonNode member : cluster.get().path("members")) {
          if (member.path("role").asText().equals("sync_standby")) {
            return Optional.of(member.path("name").asText());
          }
        }
        return Optional.empty();
      }
    }
    return Optional.empty();
  }

  /** Waits until a node other than {@code not} (null: any) leads and answers writes. */
  String awaitLeader(Duration limit, String not) {
    String[] found = {null};
    Await.until(
        not == null ? "a leader" : "a leader other than " + not,
        limit,
        () -> {
          Optional<String> leader = leader().filter(l -> !l.equals(not));
          if (leader.isPresent() && rest(nodes.get(leader.get()), "/primary").isPresent()) {
            found[0] = leader.get();
            return true;
          }
          return false;
        });
    return found[0];
  }

  /** Waits until member {@code name} runs in {@code role} ({@code replica}, {@code primary}). */
  void awaitMember(String name, String role, Duration limit) {
    Await.until(
        name + " running as " + role,
        limit,
        () ->
            rest(nodes.get(name), "/patroni")
                .filter(p -> p.path("role").asText().equals(role))
                .filter(p -> p.path("state").asText().equals("running"))
                .isPresent());
  }

  /** Waits until {@code count} members stream from the leader, one of them synchronously. */
  void awaitStreaming(int count, Duration limit) {
    Await.until(
        count + " standbys streaming, one synchronous",
        limit,
        () -> {
          Optional<String> leader = leader();
          if (leader.isEmpty()) {
            return false;
          }
          try (Connection c = superuser(nodes.get(leader.get()).pgPort(), "postgres");
              PreparedStatement q =
                  c.prepareStatement(
                      "SELECT count(*) FILTER (WHERE state = 'streaming'),"
                          + " count(*) FILTER (WHERE sync_state = 'sync')"
                          + " FROM pg_stat_replication");
              var rows = q.executeQuery()) {
            rows.next();
            return rows.getInt(1) >= count && rows.getInt(2) >= 1;
          } catch (SQLException notYet) {
            return false;
          }
        });
  }

  /** The members as Patroni lists them: name, role, state and timeline, for the test's log. */
  String describe() {
    for (Node node : nodes.values()) {
      Optional<JsonNode> cluster = rest(node, "/cluster");
      if (cluster.isPresent()) {
        List<String> members = new ArrayList<>();
        for (JsonNode m : cluster.get().path("members")) {
          members.add(
              "%s %s %s tl %s"
                  .formatted(
                      m.path("name").asText(),
                      m.path("role").asText(),
                      m.path("state").asText(),
                      m.path("timeline").asText("-")));
        }
        return String.join(", ", members);
      }
    }
    return "no Patroni answers";
  }

  /** The member's role as its own Patroni says it ({@code primary}, {@code replica}), or empty. */
  Optional<String> role(String name) {
    return rest(nodes.get(name), "/patroni").map(p -> p.path("role").asText());
  }

  /** A connection to whichever node leads now, through HAProxy as the application's. */
  Connection connectToPrimary() throws SQLException {
    return DriverManager.getConnection(
        "jdbc:postgresql://" + hosts() + "/" + DATABASE + "?connectTimeout=5", USER, USER);
  }

  /** Runs one statement on the leader. */
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

  private Connection superuser(int port, String database) throws SQLException {
    return DriverManager.getConnection(
        "jdbc:postgresql://127.0.0.1:%d/%s?connectTimeout=2&socketTimeout=5"
            .formatted(port, database),
        "postgres",
        SUPERUSER_PASSWORD);
  }

  private static Optional<JsonNode> rest(Node node, String path) {
    try {
      HttpResponse<String> answer =
          HTTP.send(
              HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.restPort() + path))
                  .timeout(Duration.ofSeconds(1))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      return answer.statusCode() == 200
          ? Optional.of(JSON.readTree(answer.body()))
          : Optional.empty();
    } catch (IOException noAnswer) {
      return Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    }
  }

  @Override
  public void close() {
    for (String name : nodes.keySet()) {
      thaw(name);
      kill(name);
    }
    for (Process p : Stream.of(haproxy, etcd).filter(p -> p != null).toList()) {
      p.destroyForcibly();
    }
  }

  private String config(Node node) {
    Path home = dir.resolve(node.name());
    return """
        scope: %s
        namespace: /ichido/
        name: %s
        restapi:
          listen: 127.0.0.1:%d
          connect_address: 127.0.0.1:%d
        etcd:
          hosts: 127.0.0.1:%d
        bootstrap:
          dcs:
            ttl: 20
            loop_wait: 1
            retry_timeout: 5
            maximum_lag_on_failover: 1048576
            synchronous_mode: true
            synchronous_mode_strict: %s
            postgresql:
              use_pg_rewind: true
              use_slots: true
              parameters:
                wal_log_hints: "on"
                max_wal_senders: 10
                max_replication_slots: 10
                wal_keep_size: 128MB
                max_connections: 100
                fsync: "off"
          initdb:
            - encoding: UTF8
            - locale: C
          pg_hba:
            - local all all trust
            - host replication replicator 127.0.0.1/32 md5
            - host all all 127.0.0.1/32 md5
        postgresql:
          listen: 127.0.0.1:%d
          connect_address: 127.0.0.1:%d
          data_dir: %s
          bin_dir: %s
          pgpass: %s
          authentication:
            replication: {username: replicator, password: patroni-replication}
            superuser: {username: postgres, password: %s}
            rewind: {username: rewinder, password: patroni-rewind}
          parameters:
            unix_socket_directories: %s
        """
        .formatted(
            SCOPE,
            node.name(),
            node.restPort(),
            node.restPort(),
            etcdPort,
            strict,
            node.pgPort(),
            node.pgPort(),
            home.resolve("data"),
            BIN,
            home.resolve("pgpass"),
            SUPERUSER_PASSWORD,
            home);
  }

  /**
   * TCP to the node whose Patroni answers 200 on {@code /primary}; a node marked down loses every
   * session at once. Checked every 500 ms, down after two failed checks: a leader is left within
   * about a second of its Patroni saying it no longer leads, or of its Patroni going silent.
   */
  private String haproxyConfig() {
    String servers =
        nodes.values().stream()
            .map(
                n ->
                    "    server %s 127.0.0.1:%d check port %d"
                        .formatted(n.name(), n.pgPort(), n.restPort()))
            .collect(Collectors.joining("\n"));
    return """
        global
            maxconn 512

        defaults
            mode tcp
            timeout connect 2s
            timeout client 30m
            timeout server 30m
            timeout check 1s

        listen leader
            bind 127.0.0.1:%d
            option httpchk GET /primary
            http-check expect status 200
            default-server inter 500ms fall 2 rise 2 on-marked-down shutdown-sessions
        %s
        """
        .formatted(proxyPort, servers);
  }

  private static boolean isRoot() {
    return "root".equals(System.getProperty("user.name"));
  }

  private static void ownedByPostgres(Path path) throws IOException {
    if (!isRoot()) {
      return;
    }
    UserPrincipalLookupService users = path.getFileSystem().getUserPrincipalLookupService();
    UserPrincipal postgres = users.lookupPrincipalByName("postgres");
    GroupPrincipal group = users.lookupPrincipalByGroupName("postgres");
    try (Stream<Path> all = Files.walk(path)) {
      for (Path p : all.toList()) {
        PosixFileAttributeView view = Files.getFileAttributeView(p, PosixFileAttributeView.class);
        view.setOwner(postgres);
        view.setGroup(group);
      }
    }
    Files.setPosixFilePermissions(
        path, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
  }
}
