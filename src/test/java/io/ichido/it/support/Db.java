package io.ichido.it.support;

import io.ichido.dev.DevDatabase;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;

/** Direct access to the test database, to arrange facts and to check what was really stored. */
public final class Db {

  private static final Properties COORDINATES = load();

  /** The build's database, which the static methods read and write. */
  private static final Database BUILDS = new Database(null);

  private Db() {}

  public static Connection connect() throws SQLException {
    return DriverManager.getConnection(
        COORDINATES.getProperty("url"),
        COORDINATES.getProperty("user"),
        COORDINATES.getProperty("password"));
  }

  /** Another database of the same server, e.g. {@code postgres} to administer ours from. */
  public static Connection connectTo(String database) throws SQLException {
    return DriverManager.getConnection(
        "jdbc:postgresql://"
            + COORDINATES.getProperty("host")
            + ":"
            + COORDINATES.getProperty("port")
            + "/"
            + database,
        COORDINATES.getProperty("user"),
        COORDINATES.getProperty("password"));
  }

  /** The port of the test run's PostgreSQL. */
  public static String port() {
    return COORDINATES.getProperty("port");
  }

  public static String name() {
    return COORDINATES.getProperty("name");
  }

  public static long count(String sql, Object... args) {
    return BUILDS.count(sql, args);
  }

  /** The first column of the first row as text (null when it is null). */
  public static String text(String sql, Object... args) {
    return BUILDS.first(sql, args, rows -> rows.getString(1));
  }

  /** Every row, each as its columns by label. */
  public static List<Map<String, Object>> rows(String sql, Object... args) {
    try (Connection c = connect();
        PreparedStatement statement = prepare(c, sql, args);
        ResultSet rows = statement.executeQuery()) {
      List<Map<String, Object>> all = new ArrayList<>();
      while (rows.next()) {
        Map<String, Object> row = new LinkedHashMap<>();
        for (int i = 1; i <= rows.getMetaData().getColumnCount(); i++) {
          row.put(rows.getMetaData().getColumnLabel(i), rows.getObject(i));
        }
        all.add(row);
      }
      return all;
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  private interface Column<T> {
    T read(ResultSet row) throws SQLException;
  }

  public static int update(String sql, Object... args) {
    return BUILDS.update(sql, args);
  }

  /**
   * What a database superuser could do to the payment log: switch its append-only guard off, change
   * exactly one row, switch the guard on again.
   */
  public static void behindTheLogsBack(String update) throws SQLException {
    behindTheBack("payment_log", "payment_log_no_update_or_delete", update);
  }

  /** The same to the orders' ledger of money. */
  public static void behindTheLedgersBack(String update) throws SQLException {
    behindTheBack("money_movement", "money_movement_append_only", update);
  }

  /** The same to the log's checkpoints. */
  public static void behindTheCheckpointsBack(String update) throws SQLException {
    behindTheBack("payment_log_checkpoint", "payment_log_checkpoint_no_update_or_delete", update);
  }

  private static void behindTheBack(String table, String guard, String update) throws SQLException {
    try (Connection c = connect();
        Statement sql = c.createStatement()) {
      c.setAutoCommit(false);
      sql.execute("ALTER TABLE " + table + " DISABLE TRIGGER " + guard);
      int changed = sql.executeUpdate(update);
      if (changed != 1) {
        c.rollback();
        throw new IllegalStateException(changed + " rows changed, not 1: " + update);
      }
      sql.execute("ALTER TABLE " + table + " ENABLE TRIGGER " + guard);
      c.commit();
    }
  }

  /** A product of its own for one test, so tests never share stock. */
  public static String newProduct(int onHand, long unitPrice, int taxRate) {
    return BUILDS.newProduct(onHand, unitPrice, taxRate);
  }

  public static long reserved(String sku) {
    return BUILDS.reserved(sku);
  }

  public static long onHand(String sku) {
    return BUILDS.onHand(sku);
  }

  /**
   * A database of a test class's own on the test run's PostgreSQL, made afresh (dropped first if a
   * run before left it) with the project's whole changelog, its order ids beginning at {@code
   * firstOrderId}: for a server of its own that runs beside the other classes ({@link
   * ServersOfItsOwn}), whose sweeps must not act on their orders.
   */
  public static Database ownDatabase(String name, long firstOrderId) throws Exception {
    try (Connection admin =
            DriverManager.getConnection(
                "jdbc:postgresql://" + COORDINATES.getProperty("host") + ":" + port() + "/postgres",
                "postgres",
                "");
        Statement sql = admin.createStatement()) {
      sql.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
      sql.execute("CREATE DATABASE " + name + " OWNER " + COORDINATES.getProperty("user"));
    }
    Database own = new Database(name);
    try (Connection c = own.connect()) {
      DevDatabase.migrate(c, Path.of("."));
    }
    own.update("ALTER TABLE customer_order ALTER COLUMN id RESTART WITH " + firstOrderId);
    return own;
  }

  /** The build's database ({@code name} null), or another database of the same server. */
  public record Database(String name) {

    public Connection connect() throws SQLException {
      return name == null ? Db.connect() : connectTo(name);
    }

    public long count(String sql, Object... args) {
      return first(sql, args, rows -> rows.getLong(1));
    }

    public int update(String sql, Object... args) {
      try (Connection c = connect();
          PreparedStatement statement = prepare(c, sql, args)) {
        return statement.executeUpdate();
      } catch (SQLException e) {
        throw new IllegalStateException(e);
      }
    }

    /** A product of its own for one test, so tests never share stock. */
    public String newProduct(int onHand, long unitPrice, int taxRate) {
      String sku = "IT-" + UUID.randomUUID().toString().substring(0, 18).toUpperCase();
      update(
          "INSERT INTO product (sku, name, unit_price, tax_rate) VALUES (?, ?, ?, ?)",
          sku,
          "Test item " + sku,
          unitPrice,
          taxRate);
      update("INSERT INTO stock (sku, on_hand, reserved) VALUES (?, ?, 0)", sku, onHand);
      return sku;
    }

    public long reserved(String sku) {
      return count("SELECT reserved FROM stock WHERE sku = ?", sku);
    }

    public long onHand(String sku) {
      return count("SELECT on_hand FROM stock WHERE sku = ?", sku);
    }

    private <T> T first(String sql, Object[] args, Column<T> column) {
      try (Connection c = connect();
          PreparedStatement statement = prepare(c, sql, args);
          ResultSet rows = statement.executeQuery()) {
        rows.next();
        return column.read(rows);
      } catch (SQLException e) {
        throw new IllegalStateException(e);
      }
    }
  }

  public static long keys(String scope, String key) {
    return count(
        "SELECT count(*) FROM idempotency_key WHERE scope = ? AND idem_key = ?", scope, key);
  }

  /**
   * Facts in the payment log, chained or still waiting for the sequencer, less the email attempts
   * the outbox appends on its own schedule after a commit: what a request can have added while a
   * test watches.
   */
  public static long logEntriesBesidesMail() {
    return count(
        "SELECT (SELECT count(*) FROM payment_log WHERE kind NOT IN ('EMAIL_SENT', 'EMAIL_FAILED'))"
            + " + (SELECT count(*) FROM payment_log_pending"
            + " WHERE kind NOT IN ('EMAIL_SENT', 'EMAIL_FAILED'))");
  }

  /**
   * Waits until every fact of the order that has committed is chained into {@code payment_log} (the
   * sequencer moves them from {@code payment_log_pending} on its own schedule), so that a query of
   * the chained log alone sees them.
   */
  public static void chained(long orderId) {
    Await.until(
        "the facts of order " + orderId + " chained",
        () -> count("SELECT count(*) FROM payment_log_pending WHERE order_id = ?", orderId) == 0);
  }

  /** Event ids of webhooks the application took: every delivery it accepted left one. */
  public static long webhookKeys() {
    return count("SELECT count(*) FROM idempotency_key WHERE scope LIKE 'webhook:%'");
  }

  /**
   * The retry traffic kept beside the log for one key: how many answers of each outcome (REPLAYED,
   * IN_USE, REUSED), each outcome present even when 0.
   */
  public static Map<String, Long> retryTraffic(String scope, String key) {
    Map<String, Long> outcomes = new HashMap<>();
    for (String outcome : List.of("REPLAYED", "IN_USE", "REUSED")) {
      outcomes.put(
          outcome,
          count(
              "SELECT count(*) FROM idempotency_retry WHERE scope = ? AND idem_key = ? AND"
                  + " outcome = ?",
              scope,
              key,
              outcome));
    }
    return outcomes;
  }

  public static long ordersFor(String customer) {
    return count("SELECT count(*) FROM customer_order WHERE customer = ?", customer);
  }

  /** Payment-log facts, chained or still pending, whose {@code column} holds {@code value}. */
  public static Map<String, Long> factsByKind(String column, Object value) {
    Map<String, Long> kinds = new HashMap<>();
    // One statement over both tables: the sequencer moves a fact from one to the other in one
    // transaction, and two queries could each miss it (or both count it).
    try (Connection c = connect();
        PreparedStatement query =
            prepare(
                c,
                "SELECT kind, count(*) FROM (SELECT kind FROM payment_log WHERE "
                    + column
                    + " = ? UNION ALL SELECT kind FROM payment_log_pending WHERE "
                    + column
                    + " = ?) f GROUP BY kind",
                value,
                value);
        ResultSet rows = query.executeQuery()) {
      while (rows.next()) {
        kinds.merge(rows.getString(1), rows.getLong(2), Long::sum);
      }
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
    return kinds;
  }

  public static PreparedStatement prepare(Connection c, String sql, Object... args)
      throws SQLException {
    PreparedStatement statement = c.prepareStatement(sql);
    for (int i = 0; i < args.length; i++) {
      statement.setObject(i + 1, args[i]);
    }
    return statement;
  }

  private static Properties load() {
    Path file = Path.of(System.getProperty("ichido.dbProperties", "target/test-db.properties"));
    Properties properties = new Properties();
    try (InputStream in = Files.newInputStream(file)) {
      properties.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException("Run through './mvnw verify', which writes " + file, e);
    }
    return properties;
  }
}
