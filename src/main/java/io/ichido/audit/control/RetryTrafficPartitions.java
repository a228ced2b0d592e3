package io.ichido.audit.control;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.Timeout;
import jakarta.ejb.Timer;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Keeps {@code idempotency_retry} in one partition per UTC day: the next {@link #DAYS_AHEAD} days
 * exist before their first row can arrive, and a day past {@code
 * ichido.audit.retry-traffic-retention} is detached and dropped, so expiry never deletes rows or
 * bloats the table. Partitions are attached and detached concurrently, so the inserts of live
 * requests never wait for this. Runs at startup (before the first request) and every {@code
 * ichido.audit.retry-traffic-maintenance-interval} (an hour) on each server; a session advisory
 * lock lets one server at a time do it, and every step is idempotent.
 */
@Singleton
@Startup
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class RetryTrafficPartitions {

  static final int DAYS_AHEAD = 7;
  static final String PARENT = "idempotency_retry";
  private static final long LOCK = 0x1c41d0_7e7a11L;
  private static final DateTimeFormatter DAY = DateTimeFormatter.BASIC_ISO_DATE;
  private static final Logger LOG = Logger.getLogger(RetryTrafficPartitions.class.getName());

  @Resource(lookup = "jdbc/ichido")
  DataSource dataSource;

  @Resource TimerService timers;

  @Inject
  @ConfigProperty(name = "ichido.audit.retry-traffic-retention", defaultValue = "P90D")
  Duration retention;

  @Inject
  @ConfigProperty(name = "ichido.audit.retry-traffic-maintenance-interval", defaultValue = "PT1H")
  Duration interval;

  @PostConstruct
  void start() {
    maintain();
    long every = interval.toMillis();
    timers.createIntervalTimer(
        every, every, new TimerConfig("ichido-retry-traffic-partitions", false));
  }

  @Timeout
  void onTimer(Timer timer) {
    maintain();
  }

  /** Creates the partitions due and drops the expired ones; a failure is logged, never thrown. */
  void maintain() {
    try (Connection connection = dataSource.getConnection()) {
      connection.setAutoCommit(true);
      if (!locked(connection, "pg_try_advisory_lock")) {
        return;
      }
      try {
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        List<String> existing = partitions(connection);
        for (int day = 0; day <= DAYS_AHEAD; day++) {
          create(connection, existing, today.plusDays(day));
        }
        LocalDate oldestKept = today.minusDays(Math.max(retention.toDays(), 1));
        for (String partition : existing) {
          LocalDate day = LocalDate.parse(partition.substring(PARENT.length() + 1), DAY);
          if (day.isBefore(oldestKept)) {
            drop(connection, partition);
          }
        }
      } finally {
        locked(connection, "pg_advisory_unlock");
      }
    } catch (SQLException | RuntimeException e) {
      LOG.log(Level.SEVERE, "Retry traffic partitions not maintained: " + e.getMessage(), e);
    }
  }

  private static boolean locked(Connection connection, String function) throws SQLException {
    try (PreparedStatement lock = connection.prepareStatement("SELECT " + function + "(?)")) {
      lock.setLong(1, LOCK);
      try (ResultSet row = lock.executeQuery()) {
        return row.next() && row.getBoolean(1);
      }
    }
  }

  /** This table's partitions by name ({@code idempotency_retry_20261201}). */
  private static List<String> partitions(Connection connection) throws SQLException {
    List<String> names = new ArrayList<>();
    try (Statement query = connection.createStatement();
        ResultSet rows =
            query.executeQuery(
                "SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid"
                    + " WHERE i.inhparent = '"
                    + PARENT
                    + "'::regclass ORDER BY c.relname")) {
      while (rows.next()) {
        names.add(rows.getString(1));
      }
    }
    return names;
  }

  private static String name(LocalDate day) {
    return PARENT + "_" + day.format(DAY);
  }

  /**
   * A table created apart and then attached: attaching takes no lock that stops inserts into the
   * other partitions, where CREATE TABLE ... PARTITION OF would.
   */
  private static void create(Connection connection, List<String> existing, LocalDate day)
      throws SQLException {
    String name = name(day);
    if (existing.contains(name)) {
      return;
    }
    try (Statement ddl = connection.createStatement()) {
      ddl.execute(
          "CREATE TABLE IF NOT EXISTS "
              + name
              + " (LIKE "
              + PARENT
              + " INCLUDING DEFAULTS INCLUDING CONSTRAINTS)");
      ddl.execute(
          "ALTER TABLE "
              + PARENT
              + " ATTACH PARTITION "
              + name
              + " FOR VALUES FROM ('"
              + day
              + " 00:00:00+00') TO ('"
              + day.plusDays(1)
              + " 00:00:00+00')");
    }
    existing.add(name);
    LOG.log(Level.FINE, "Created retry traffic partition {0}", name);
  }

  private static void drop(Connection connection, String name) throws SQLException {
    try (Statement ddl = connection.createStatement()) {
      // CONCURRENTLY: inserts into the live partitions never wait; it cannot run in a transaction.
      ddl.execute("ALTER TABLE " + PARENT + " DETACH PARTITION " + name + " CONCURRENTLY");
      ddl.execute("DROP TABLE " + name);
    }
    LOG.log(Level.INFO, "Dropped retry traffic partition {0}, past the retention", name);
  }
}
