package io.ichido.audit.control;

import io.ichido.idempotency.entity.IdempotencyKeyAnswered;
import io.ichido.idempotency.entity.IdempotencyKeyAnswered.Outcome;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * One answer of retry traffic written ({@link RetryTraffic}), in a transaction of its own whose
 * commit does not wait for the disk. Its own transaction, not the request's local one: outside a
 * transaction Liberty keeps a connection with the request until the request ends, and the chained
 * fact of a first reuse, written next, needs a connection of its own; a burst of such requests
 * could then hold every pooled connection while each waited for another.
 */
@ApplicationScoped
public class RetryTrafficRows {

  @Resource(lookup = "jdbc/ichido")
  DataSource dataSource;

  /**
   * Records the answer; whether it is the key's first reuse with another body (of those still
   * remembered).
   *
   * @throws IllegalStateException when the database refused it; nothing is recorded then
   */
  @Transactional(TxType.REQUIRES_NEW)
  public boolean record(IdempotencyKeyAnswered event) {
    try (Connection connection = dataSource.getConnection()) {
      insert(connection, event);
      return event.outcome() == Outcome.REUSED && firstReuse(connection, event);
    } catch (SQLException e) {
      throw new IllegalStateException(e.getMessage(), e);
    }
  }

  private static void insert(Connection connection, IdempotencyKeyAnswered event)
      throws SQLException {
    try (PreparedStatement insert =
        connection.prepareStatement(
            "WITH unflushed AS (SELECT set_config('synchronous_commit', 'off', true))"
                + " INSERT INTO idempotency_retry (scope, idem_key, outcome, status, method, path)"
                + " SELECT ?, ?, ?, ?, ?, ? FROM unflushed")) {
      insert.setString(1, event.scope());
      insert.setString(2, event.key());
      insert.setString(3, event.outcome().name());
      insert.setInt(4, event.status());
      insert.setString(5, event.method());
      insert.setString(6, event.path());
      insert.executeUpdate();
    }
  }

  private static boolean firstReuse(Connection connection, IdempotencyKeyAnswered event)
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
}
