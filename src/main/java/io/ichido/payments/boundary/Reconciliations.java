package io.ichido.payments.boundary;

import io.ichido.payments.entity.ReconciliationView;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

/**
 * What payments publish of their reconciliations with the gateways' records, for the payment log's
 * {@code verify}: the last run of each gateway that ended. Read-only.
 */
@ApplicationScoped
public class Reconciliations {

  private static final String LAST =
      "SELECT DISTINCT ON (gateway) id, gateway, window_from, window_to, started_by, started_at,"
          + " finished_at, movements_read, handed_over, differences_found, failure"
          + " FROM reconciliation_run WHERE finished_at IS NOT NULL"
          + " ORDER BY gateway, finished_at DESC, id DESC";

  @Resource(lookup = "jdbc/ichido")
  DataSource dataSource;

  /** The reading over {@code dataSource}, for a tool without a container (the benchmarks). */
  public static Reconciliations over(DataSource dataSource) {
    Reconciliations reconciliations = new Reconciliations();
    reconciliations.dataSource = dataSource;
    return reconciliations;
  }

  @Transactional
  public List<ReconciliationView> lastOfEachGateway() {
    List<ReconciliationView> last = new ArrayList<>();
    try (Connection connection = dataSource.getConnection();
        Statement query = connection.createStatement();
        ResultSet rows = query.executeQuery(LAST)) {
      while (rows.next()) {
        last.add(
            new ReconciliationView(
                rows.getLong("id"),
                rows.getString("gateway"),
                instant(rows.getTimestamp("window_from")),
                instant(rows.getTimestamp("window_to")),
                rows.getString("started_by"),
                instant(rows.getTimestamp("started_at")),
                instant(rows.getTimestamp("finished_at")),
                rows.getInt("movements_read"),
                rows.getInt("handed_over"),
                rows.getInt("differences_found"),
                rows.getString("failure")));
      }
      return last;
    } catch (SQLException e) {
      throw new IllegalStateException("Reading the reconciliations failed", e);
    }
  }

  private static Instant instant(Timestamp at) {
    return at == null ? null : at.toInstant();
  }
}
