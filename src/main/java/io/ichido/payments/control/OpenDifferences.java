package io.ichido.payments.control;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.eclipse.microprofile.metrics.MetricRegistry;

/**
 * The reconciliation's differences nobody has resolved yet, as a gauge an alert can watch ({@code
 * ichido_reconciliation_differences_open}): counted in the database when read (the partial index
 * {@code book_difference_open} holds only those), so every server of a cluster shows the same
 * figure. A database that cannot be read shows NaN, never a count it did not make.
 */
@ApplicationScoped
public class OpenDifferences {

  private static final Logger LOG = Logger.getLogger(OpenDifferences.class.getName());
  private static final String OPEN =
      "SELECT count(*) FROM book_difference WHERE resolved_at IS NULL";

  @Resource(lookup = "jdbc/ichido")
  DataSource dataSource;

  @Inject MetricRegistry registry;

  void register(@Observes @Initialized(ApplicationScoped.class) Object started) {
    registry.gauge("ichido.reconciliation.differences.open", this::count);
  }

  /** How many differences are open now; NaN when the database cannot say. */
  Double count() {
    try (Connection connection = dataSource.getConnection();
        Statement statement = connection.createStatement();
        ResultSet row = statement.executeQuery(OPEN)) {
      row.next();
      return (double) row.getLong(1);
    } catch (SQLException e) {
      LOG.log(Level.WARNING, "Counting the open differences of the books failed", e);
      return Double.NaN;
    }
  }
}
