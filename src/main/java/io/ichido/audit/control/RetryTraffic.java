package io.ichido.audit.control;

import io.ichido.audit.entity.KeyRetries;
import io.ichido.audit.entity.LogKind;
import io.ichido.idempotency.entity.IdempotencyKeyEvent;
import io.ichido.idempotency.entity.IdempotencyKeyEvent.Kind;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.MetricRegistry;

/**
 * Retry traffic: what the idempotency layer answered without running the endpoint (a replay, a key
 * in flight, a key reused with another body), and likewise a webhook delivered again (a replay of
 * its event id in the scope {@code webhook:<gateway>}) or while its first delivery is still in
 * flight. None of it changes money, stock or orders, so none of it is chained in the payment log,
 * whose entries are kept for years; it is counted in /metrics (by the layer; webhooks in {@code
 * ichido_webhooks_total}) and kept here per key, for the auditor's "was this charge retried, how
 * often, by whom", in {@code idempotency_retry} for the retention ({@link RetryTrafficPartitions}).
 * The first reuse of a key with another body, a likely client bug or attack, is still chained;
 * later ones are counted.
 *
 * <p>Each answer is one insert in its own short statement: no lock shared with other writers, and a
 * failure to record never fails the answer itself (it is counted and logged, at most once a
 * minute). Its commit does not wait for the disk: a replay's answer never depends on it, and
 * waiting would hold the replay's connection and answer for a flush. What a crash of PostgreSQL
 * (not of Liberty) may lose is the last fraction of a second of these counts (at most three times
 * {@code wal_writer_delay}, 0.6 s by default); never money, an order or a chained entry.
 */
@ApplicationScoped
public class RetryTraffic {

  private static final Logger LOG = Logger.getLogger(RetryTraffic.class.getName());
  private static final long WARN_EVERY_NANOS = 60_000_000_000L;

  @Resource(lookup = "jdbc/ichido")
  DataSource dataSource;

  @Inject MetricRegistry registry;

  private Counter unrecorded;
  private final AtomicLong lastWarning = new AtomicLong(System.nanoTime() - WARN_EVERY_NANOS);
  private final AtomicLong leftOut = new AtomicLong();

  @PostConstruct
  void register() {
    unrecorded = registry.counter("ichido.audit.retry.traffic.unrecorded");
  }

  void onAnswered(@Observes IdempotencyKeyEvent event) {
    if (!event.kind().answeredFromStore()) {
      return; // claims, completions, releases and expiries are not retry traffic
    }
    try (Connection connection = dataSource.getConnection()) {
      connection.setAutoCommit(true);
      insert(connection, event);
      if (event.kind() == Kind.REUSED) {
        chainFirstReuse(connection, event);
      }
    } catch (SQLException e) {
      unrecorded.inc();
      warn(event, e);
    }
  }

  /**
   * A key's first reuse with another body is a chained fact, marked and written to the pending
   * facts in one transaction on this same connection. Not through {@link PaymentLog#recordAlone}:
   * this connection stays with the request until it ends (Liberty's local transaction containment),
   * and a transaction of its own would need a second one while this is held.
   */
  private static void chainFirstReuse(Connection connection, IdempotencyKeyEvent event)
      throws SQLException {
    connection.setAutoCommit(false);
    try {
      if (firstReuse(connection, event)) {
        PendingFacts.insert(
            connection,
            List.of(
                NewEntry.of(LogKind.IDEMPOTENCY_KEY_REUSED)
                    .actor(event.scope())
                    .key(event.key())
                    .status(Integer.toString(event.status()))
                    .detail("method", event.method())
                    .detail("path", event.path())
                    .build()));
      }
      connection.commit();
    } catch (SQLException | RuntimeException e) {
      connection.rollback();
      throw e;
    } finally {
      connection.setAutoCommit(true);
    }
  }

  private static void insert(Connection connection, IdempotencyKeyEvent event) throws SQLException {
    try (PreparedStatement insert =
        connection.prepareStatement(
            "WITH unflushed AS (SELECT set_config('synchronous_commit', 'off', true))"
                + " INSERT INTO idempotency_retry (scope, idem_key, outcome, status, method, path)"
                + " SELECT ?, ?, ?, ?, ?, ? FROM unflushed")) {
      insert.setString(1, event.scope());
      insert.setString(2, event.key());
      insert.setString(3, event.kind().name());
      insert.setInt(4, event.status());
      insert.setString(5, event.method());
      insert.setString(6, event.path());
      insert.executeUpdate();
    }
  }

  /** Whether this is the key's first reuse with another body (of those still remembered). */
  private static boolean firstReuse(Connection connection, IdempotencyKeyEvent event)
      throws SQLException {
    try (PreparedStatement first =
        connection.prepareStatement(
            "INSERT INTO idempotency_reuse_fact (scope, idem_key) VALUES (?, ?)"
                + " ON CONFLICT DO NOTHING")) {
      first.setString(1, event.scope());
      first.setString(2, event.key());
      return first.executeUpdate() == 1;
    }
  }

  private void warn(IdempotencyKeyEvent event, SQLException e) {
    long now = System.nanoTime();
    long last = lastWarning.get();
    if (now - last < WARN_EVERY_NANOS || !lastWarning.compareAndSet(last, now)) {
      leftOut.incrementAndGet();
      return;
    }
    LOG.log(
        Level.WARNING,
        "Retry traffic not recorded ({0} {1} answered {2}; {3} more left out of this log since the"
            + " last warning): {4}",
        new Object[] {
          event.method(), event.path(), event.kind(), leftOut.getAndSet(0), e.getMessage()
        });
  }

  /** The retry traffic each of {@code keys} drew, newest activity first; empty for none. */
  public List<KeyRetries> of(Connection connection, Collection<String> keys) throws SQLException {
    List<KeyRetries> found = new ArrayList<>();
    if (keys.isEmpty()) {
      return found;
    }
    try (PreparedStatement query =
        connection.prepareStatement(
            "SELECT scope, idem_key,"
                + " count(*) FILTER (WHERE outcome = 'REPLAYED') AS replayed,"
                + " max(at) FILTER (WHERE outcome = 'REPLAYED') AS last_replayed,"
                + " count(*) FILTER (WHERE outcome = 'IN_USE') AS in_use,"
                + " count(*) FILTER (WHERE outcome = 'REUSED') AS reused,"
                + " max(at) AS last_seen"
                + " FROM idempotency_retry WHERE idem_key = ANY (?)"
                + " GROUP BY scope, idem_key ORDER BY max(at) DESC")) {
      Array array = connection.createArrayOf("text", keys.toArray());
      query.setArray(1, array);
      try (ResultSet row = query.executeQuery()) {
        while (row.next()) {
          found.add(
              new KeyRetries(
                  row.getString("scope"),
                  row.getString("idem_key"),
                  row.getLong("replayed"),
                  instant(row.getTimestamp("last_replayed")),
                  row.getLong("in_use"),
                  row.getLong("reused"),
                  instant(row.getTimestamp("last_seen"))));
        }
      }
    }
    return found;
  }

  private static Instant instant(Timestamp timestamp) {
    return timestamp == null ? null : timestamp.toInstant();
  }
}
