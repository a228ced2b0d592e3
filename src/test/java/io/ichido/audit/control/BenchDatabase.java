package io.ichido.audit.control;

import io.ichido.dev.DevDatabase;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Comparator;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * A fresh database with the project's whole schema for one benchmark run, thrown away afterwards
 * (also on Ctrl+C): a PostgreSQL of its own in a temporary directory, or a new database on the
 * server that {@code DB_HOST}, {@code DB_PORT}, {@code DB_NAME}, {@code DB_USER}, {@code
 * DB_PASSWORD} name (the user needs CREATEDB).
 */
final class BenchDatabase implements AutoCloseable {

  private final EmbeddedPostgres postgres;
  private final Path dataDir;
  private final String adminUrl;
  private final String name;
  private final String user;
  private final String password;
  private final String where;
  private boolean closed;

  private BenchDatabase(
      EmbeddedPostgres postgres,
      Path dataDir,
      String adminUrl,
      String name,
      String user,
      String password,
      String where) {
    this.postgres = postgres;
    this.dataDir = dataDir;
    this.adminUrl = adminUrl;
    this.name = name;
    this.user = user;
    this.password = password;
    this.where = where;
  }

  /** Starts or finds the server, creates the database and applies the Liquibase changelog. */
  static BenchDatabase create(int port, Path changelogDir) throws Exception {
    String host = System.getenv("DB_HOST");
    BenchDatabase db = host == null || host.isBlank() ? embedded(port) : external(host);
    Runtime.getRuntime().addShutdownHook(new Thread(db::close, "drop-bench-database"));
    try (Connection admin = DriverManager.getConnection(db.adminUrl, db.user, db.password);
        Statement sql = admin.createStatement()) {
      sql.execute("CREATE DATABASE " + db.name);
    }
    try (Connection connection = db.connect()) {
      DevDatabase.migrate(connection, changelogDir);
    }
    return db;
  }

  private static BenchDatabase embedded(int port) throws IOException {
    Path dataDir = Files.createTempDirectory("ichido-payment-log-bench-");
    EmbeddedPostgres postgres =
        EmbeddedPostgres.builder()
            .setDataDirectory(dataDir)
            .setCleanDataDirectory(true)
            .setPort(port)
            // As the run command's (DevDatabase); the data outgrows it, as a year's will.
            .setServerConfig("shared_buffers", "256MB")
            // Durable, as production runs: a benchmark on a database that may lose commits
            // measures something production never sees.
            .setServerConfig("fsync", "on")
            .setServerConfig("synchronous_commit", "on")
            .setServerConfig("full_page_writes", "on")
            .setServerConfig("max_wal_size", "4GB")
            .setServerConfig("maintenance_work_mem", "256MB")
            .setRegisterShutdownHook(false)
            .start();
    return new BenchDatabase(
        postgres,
        dataDir,
        "jdbc:postgresql://localhost:" + port + "/postgres",
        "ichido_bench",
        "postgres",
        "postgres",
        "embedded PostgreSQL on localhost:" + port + ", data in " + dataDir);
  }

  private static BenchDatabase external(String host) {
    String port = env("DB_PORT", "5432");
    return new BenchDatabase(
        null,
        null,
        "jdbc:postgresql://" + host + ":" + port + "/" + env("DB_NAME", "ichido"),
        "ichido_bench_" + System.currentTimeMillis(),
        env("DB_USER", "ichido"),
        env("DB_PASSWORD", "ichido"),
        "PostgreSQL at " + host + ":" + port);
  }

  Connection connect() throws SQLException {
    return connect(new Properties());
  }

  /** A connection with driver settings of its own. */
  Connection connect(Properties settings) throws SQLException {
    Properties properties = new Properties();
    properties.putAll(settings);
    properties.setProperty("user", user);
    properties.setProperty("password", password);
    String url = adminUrl.substring(0, adminUrl.lastIndexOf('/') + 1) + name;
    return DriverManager.getConnection(url, properties);
  }

  String where() {
    return where + ", database " + name;
  }

  /** Drops the database, or stops the embedded server and deletes its files; once. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (postgres == null) {
      try (Connection admin = DriverManager.getConnection(adminUrl, user, password);
          Statement sql = admin.createStatement()) {
        sql.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
      } catch (SQLException e) {
        System.err.println("Could not drop database " + name + ": " + e.getMessage());
      }
      return;
    }
    try {
      postgres.close();
    } catch (IOException | RuntimeException e) {
      System.err.println("Could not stop the embedded PostgreSQL: " + e);
    }
    if (!Files.exists(dataDir)) {
      return; // the library deleted it
    }
    try (Stream<Path> files = Files.walk(dataDir)) {
      files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      System.err.println("Could not delete " + dataDir + ": " + e);
    }
  }

  private static String env(String name, String fallback) {
    String value = System.getenv(name);
    return value == null || value.isBlank() ? fallback : value;
  }
}
