package io.ichido.dev;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;
import liquibase.Contexts;
import liquibase.LabelExpression;
import liquibase.Liquibase;
import liquibase.database.Database;
import liquibase.database.DatabaseFactory;
import liquibase.database.jvm.JdbcConnection;
import liquibase.resource.DirectoryResourceAccessor;

/**
 * Gives the run and test commands a PostgreSQL: the one named by {@code DB_HOST} and friends, or
 * else a real PostgreSQL started from Maven Central binaries (kept alive until Maven exits).
 * Applies the Liquibase changelog, then points the Liberty server at the database through a config
 * drop-in and writes the coordinates for the tests.
 */
public final class DevDatabase {

  private static final Logger LOG = Logger.getLogger(DevDatabase.class.getName());
  private static final String CHANGELOG = "liquibase/changelog.xml";

  /**
   * How long a starting PostgreSQL may take to accept connections; the library gives up after 10 s,
   * which a loaded 2-CPU machine running other tests meanwhile can take.
   */
  public static final Duration STARTUP_WAIT = Duration.ofSeconds(60);

  private DevDatabase() {}

  /** Where the database is and who to connect as. */
  record Coordinates(
      String host, int port, String name, String user, String password, boolean embedded) {
    String url() {
      return "jdbc:postgresql://" + host + ":" + port + "/" + name;
    }
  }

  public static void main(String[] args) throws Exception {
    Map<String, String> options = parse(args);
    Coordinates db = external();
    if (db == null) {
      db = embedded(options);
    }
    migrate(db, Path.of(options.getOrDefault("changelog-dir", ".")));
    if (options.containsKey("server-dir")) {
      Path serverDir = Path.of(options.get("server-dir"));
      if (options.containsKey("clean")) {
        // A server killed earlier leaves its JMX address behind (Arquillian would then refuse
        // to start one, believing it already runs), its deployments, and a work area whose
        // cache of nested jars outlives a WAR of the same name with other content.
        deleteRecursively(serverDir.resolve("logs/state"));
        deleteRecursively(serverDir.resolve("workarea"));
        deleteRecursively(serverDir.resolve("dropins"));
        deleteRecursively(serverDir.resolve("apps/expanded"));
      }
      pointServerAt(db, serverDir);
    }
    if (options.containsKey("properties")) {
      writeProperties(db, Path.of(options.get("properties")));
    }
    if (options.containsKey("stop-server-on-exit") && options.containsKey("server-dir")) {
      stopServerWithThisJvm(Path.of(options.get("server-dir")));
    }
    if (options.containsKey("banner")) {
      banner(db, options.getOrDefault("data-dir", "target/pgdata"));
    }
  }

  private static Coordinates external() {
    String host = System.getenv("DB_HOST");
    if (host == null || host.isBlank()) {
      return null;
    }
    return new Coordinates(
        host,
        Integer.parseInt(env("DB_PORT", "5432")),
        env("DB_NAME", "ichido"),
        env("DB_USER", "ichido"),
        env("DB_PASSWORD", "ichido"),
        false);
  }

  /** The database of the template in src/examples/transfers. */
  public static final String EXAMPLES_DATABASE = "transfers";

  private static Coordinates embedded(Map<String, String> options)
      throws IOException, SQLException {
    int port = Integer.parseInt(options.getOrDefault("port", "15432"));
    Path dataDir = Path.of(options.getOrDefault("data-dir", "target/pgdata")).toAbsolutePath();
    Coordinates db = new Coordinates("localhost", port, "ichido", "ichido", "ichido", true);
    if (listening(port)) {
      LOG.info(() -> "PostgreSQL already listening on port " + port + "; using it");
      return db;
    }
    boolean clean = options.containsKey("clean");
    if (clean) {
      deleteRecursively(dataDir);
    }
    Files.createDirectories(dataDir.getParent());
    LOG.info(() -> "Starting PostgreSQL on port " + port + " with data in " + dataDir);
    EmbeddedPostgres postgres =
        postgres(dataDir, port, clean).setRegisterShutdownHook(false).start();
    stopWithThisJvm(dataDir);
    try (Connection admin = postgres.getPostgresDatabase().getConnection();
        Statement sql = admin.createStatement()) {
      if (!exists(admin, "SELECT 1 FROM pg_roles WHERE rolname = ?", db.user())) {
        sql.execute("CREATE ROLE ichido LOGIN PASSWORD 'ichido'");
      }
      if (!exists(admin, "SELECT 1 FROM pg_database WHERE datname = ?", db.name())) {
        sql.execute("CREATE DATABASE ichido OWNER ichido");
      }
      // An empty one for the @Idempotent template (src/examples/transfers), to try it beside
      // Ichido.
      if (!exists(admin, "SELECT 1 FROM pg_database WHERE datname = ?", EXAMPLES_DATABASE)) {
        sql.execute("CREATE DATABASE " + EXAMPLES_DATABASE + " OWNER ichido");
      }
    }
    return db;
  }

  /**
   * The run command's database keeps payments: every acknowledged commit must survive a crash, so
   * {@code fsync} and {@code synchronous_commit} stay on (the library's own default is {@code
   * synchronous_commit=off}). Only a throw-away database (the test run's, {@code --clean}, deleted
   * with target/) trades that for speed.
   */
  static EmbeddedPostgres.Builder postgres(Path dataDir, int port, boolean throwAway) {
    String durable = throwAway ? "off" : "on";
    return EmbeddedPostgres.builder()
        .setPGStartupWait(STARTUP_WAIT)
        .setDataDirectory(dataDir)
        .setCleanDataDirectory(throwAway)
        .setPort(port)
        .setServerConfig("max_connections", "200")
        .setServerConfig("shared_buffers", "256MB")
        .setServerConfig("fsync", durable)
        .setServerConfig("synchronous_commit", durable);
  }

  /**
   * Maven closes the class loader of exec:java before the JVM exits, so the library's own shutdown
   * hook can no longer load its classes. This one needs nothing but the JDK: a fast shutdown
   * (SIGINT) of the postmaster, waited for. The postmaster is looked up when the JVM exits, not
   * now: a test may have restarted it meanwhile (see TestPostgres).
   */
  private static void stopWithThisJvm(Path dataDir) {
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () ->
                    postmaster(dataDir)
                        .ifPresent(
                            postmaster -> {
                              try {
                                new ProcessBuilder("kill", "-INT", Long.toString(postmaster.pid()))
                                    .inheritIO()
                                    .start()
                                    .waitFor(10, TimeUnit.SECONDS);
                                postmaster.onExit().get(30, TimeUnit.SECONDS);
                              } catch (Exception e) {
                                System.err.println(
                                    "Could not stop PostgreSQL " + postmaster.pid() + ": " + e);
                              }
                            }),
                "stop-embedded-postgresql"));
  }

  /**
   * The running postmaster of {@code dataDir}: its pid file may be stale, so the pid is checked.
   */
  private static Optional<ProcessHandle> postmaster(Path dataDir) {
    try {
      long pid =
          Long.parseLong(Files.readAllLines(dataDir.resolve("postmaster.pid")).get(0).trim());
      return ProcessHandle.of(pid)
          .filter(
              p ->
                  p.info()
                      .commandLine()
                      .map(command -> command.contains(dataDir.toString()))
                      .orElse(true));
    } catch (IOException | RuntimeException stopped) {
      return Optional.empty();
    }
  }

  /**
   * The run command's Liberty is a grandchild of Maven: Ctrl+C in a terminal reaches it, a SIGTERM
   * to Maven does not. Stopping it here leaves nothing behind either way.
   */
  private static void stopServerWithThisJvm(Path serverDir) {
    Path server = serverDir.getParent().getParent().getParent().resolve("bin/server");
    String name = serverDir.getFileName().toString();
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  try {
                    new ProcessBuilder(server.toString(), "stop", name)
                        .redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                        .start()
                        .waitFor(60, TimeUnit.SECONDS);
                  } catch (Exception e) {
                    System.err.println("Could not stop Liberty server " + name + ": " + e);
                  }
                },
                "stop-liberty"));
  }

  private static void migrate(Coordinates db, Path changelogDir) throws Exception {
    try (Connection connection = DriverManager.getConnection(db.url(), db.user(), db.password())) {
      migrate(connection, changelogDir);
    }
  }

  /** Applies the project's whole Liquibase changelog, as the run and test commands do. */
  public static void migrate(Connection connection, Path changelogDir) throws Exception {
    Database database =
        DatabaseFactory.getInstance()
            .findCorrectDatabaseImplementation(new JdbcConnection(connection));
    try (Liquibase liquibase =
        new Liquibase(CHANGELOG, new DirectoryResourceAccessor(changelogDir), database)) {
      liquibase.update(new Contexts(), new LabelExpression());
    }
  }

  /** configDropins/overrides beat both server.xml and environment variables. */
  private static void pointServerAt(Coordinates db, Path serverDir) throws IOException {
    Path overrides = serverDir.resolve("configDropins/overrides");
    Files.createDirectories(overrides);
    String xml =
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- Written by io.ichido.dev.DevDatabase: the database the run or test command set up. -->
        <server>
            <variable name="DB_HOST" value="%s"/>
            <variable name="DB_PORT" value="%d"/>
            <variable name="DB_NAME" value="%s"/>
            <variable name="DB_USER" value="%s"/>
            <variable name="DB_PASSWORD" value="%s"/>
        </server>
        """
            .formatted(
                xmlEscape(db.host()),
                db.port(),
                xmlEscape(db.name()),
                xmlEscape(db.user()),
                xmlEscape(db.password()));
    Files.writeString(overrides.resolve("database.xml"), xml);
  }

  private static void writeProperties(Coordinates db, Path file) throws IOException {
    Properties properties = new Properties();
    properties.setProperty("url", db.url());
    properties.setProperty("user", db.user());
    properties.setProperty("password", db.password());
    properties.setProperty("host", db.host());
    properties.setProperty("port", Integer.toString(db.port()));
    properties.setProperty("name", db.name());
    properties.setProperty("embedded", Boolean.toString(db.embedded()));
    Files.createDirectories(file.toAbsolutePath().getParent());
    try (OutputStream out = Files.newOutputStream(file)) {
      properties.store(out, "Database used by this build");
    }
  }

  private static void banner(Coordinates db, String dataDir) {
    String where =
        db.embedded()
            ? "embedded PostgreSQL on localhost:" + db.port() + " (data kept in " + dataDir + ")"
            : "PostgreSQL at " + db.host() + ":" + db.port() + "/" + db.name();
    System.out.printf(
        """

        ==================================================================
         Ichido database ready: %s
         Liberty is starting; once it logs "The ichido server is ready":
           API          http://localhost:9080/api   (Basic auth: shop-a / shop-a-secret)
           OpenAPI UI   http://localhost:9080/openapi/ui
           Health       http://localhost:9080/health
           Metrics      https://localhost:9443/metrics   (operator / operator-secret; curl -k)
         Stop with Ctrl+C (the embedded PostgreSQL stops with it).
        ==================================================================

        """,
        where);
  }

  private static boolean exists(Connection connection, String query, String value)
      throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(query)) {
      statement.setString(1, value);
      try (ResultSet rows = statement.executeQuery()) {
        return rows.next();
      }
    }
  }

  private static boolean listening(int port) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("localhost", port), 500);
      return true;
    } catch (IOException closed) {
      return false;
    }
  }

  private static void deleteRecursively(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (var paths = Files.walk(dir)) {
      for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

  static Map<String, String> parse(String[] args) {
    Map<String, String> options = new HashMap<>();
    for (String arg : args) {
      String option = arg.startsWith("--") ? arg.substring(2) : arg;
      int eq = option.indexOf('=');
      options.put(
          eq < 0 ? option : option.substring(0, eq), eq < 0 ? "" : option.substring(eq + 1));
    }
    return options;
  }

  private static String env(String name, String fallback) {
    String value = System.getenv(name);
    return value == null || value.isBlank() ? fallback : value;
  }

  static String xmlEscape(String value) {
    return value
        .replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
