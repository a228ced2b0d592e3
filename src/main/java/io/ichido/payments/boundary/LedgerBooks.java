package io.ichido.payments.boundary;

import io.ichido.payments.entity.LedgerReport;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

/**
 * What payments publish for the payment log's {@code verify}: the rules every order's ledger keeps,
 * checked against what is stored now, each broken one named with its order and attempt. The
 * database refuses the first rule on every write; the others follow from the money decider's
 * decisions, and a row written or changed beside it (by hand, or by a bug) breaks one of them.
 * Read-only.
 */
@ApplicationScoped
public class LedgerBooks {

  /** Rows named per verify, at most: enough to find the first, few enough to read. */
  static final int MOST = 50;

  private static final String HELD =
      "SELECT m.attempt_id,"
          + " COALESCE(sum(m.amount) FILTER (WHERE m.movement = 'CHARGED'), 0) AS taken,"
          + " COALESCE(sum(CASE WHEN m.movement = 'REINSTATED' THEN -m.amount ELSE m.amount END)"
          + " FILTER (WHERE m.movement <> 'CHARGED'), 0) AS back,"
          + " count(DISTINCT m.currency) AS currencies"
          + " FROM money_movement m GROUP BY m.attempt_id";

  /** Each rule: its name, what breaking it means, and the rows (order, attempt) that break it. */
  private static final List<String[]> RULES =
      List.of(
          new String[] {
            "more-back-than-taken",
            "the ledger gives back more of the attempt than it took",
            "SELECT a.order_id, a.id FROM ("
                + HELD
                + ") h JOIN charge_attempt a"
                + " ON a.id = h.attempt_id WHERE h.back > h.taken"
          },
          new String[] {
            "two-currencies",
            "the attempt's ledger rows name more than one currency",
            "SELECT a.order_id, a.id FROM ("
                + HELD
                + ") h JOIN charge_attempt a"
                + " ON a.id = h.attempt_id WHERE h.currencies > 1"
          },
          new String[] {
            "money-on-no-order",
            "the ledger shows money taken for an attempt that holds none (declined, rejected,"
                + " expired, in doubt or waiting)",
            "SELECT a.order_id, a.id FROM ("
                + HELD
                + ") h JOIN charge_attempt a"
                + " ON a.id = h.attempt_id WHERE h.taken > 0 AND a.status NOT IN ('SUCCEEDED',"
                + " 'PARTIALLY_REFUNDED', 'REFUNDED', 'NEEDS_REVIEW', 'SURPLUS',"
                + " 'SURPLUS_REFUNDED')"
          },
          new String[] {
            "payment-not-on-ledger",
            "the attempt is the order's payment, and the ledger shows nothing taken for it",
            "SELECT a.order_id, a.id FROM charge_attempt a WHERE a.status IN ('SUCCEEDED',"
                + " 'PARTIALLY_REFUNDED', 'REFUNDED') AND NOT EXISTS (SELECT 1 FROM"
                + " money_movement m WHERE m.attempt_id = a.id AND m.movement = 'CHARGED')"
          },
          new String[] {
            "paid-twice",
            "more than one attempt of the order is its payment",
            "SELECT a.order_id, max(a.id) FROM charge_attempt a WHERE a.status IN ('SUCCEEDED',"
                + " 'PARTIALLY_REFUNDED', 'REFUNDED') GROUP BY a.order_id HAVING count(*) > 1"
          },
          new String[] {
            "payment-in-another-currency",
            "the attempt is the order's payment, and the ledger shows it taken in another currency"
                + " than the order's",
            "SELECT a.order_id, a.id FROM charge_attempt a JOIN customer_order o ON o.id ="
                + " a.order_id WHERE a.status IN ('SUCCEEDED', 'PARTIALLY_REFUNDED', 'REFUNDED')"
                + " AND EXISTS (SELECT 1 FROM money_movement m WHERE m.attempt_id = a.id AND"
                + " upper(m.currency) <> upper(o.currency))"
          },
          new String[] {
            "paid-without-money",
            "the order is paid, and no attempt of it is a payment the ledger shows taken",
            "SELECT o.id, 0 FROM customer_order o WHERE o.status IN ('PAID',"
                + " 'PARTIALLY_REFUNDED') AND NOT EXISTS (SELECT 1 FROM charge_attempt a JOIN"
                + " money_movement m ON m.attempt_id = a.id AND m.movement = 'CHARGED' WHERE"
                + " a.order_id = o.id AND a.status IN ('SUCCEEDED', 'PARTIALLY_REFUNDED',"
                + " 'REFUNDED'))"
          },
          new String[] {
            "review-holding-nothing",
            "the order waits for a person, and none of its money is in review or disputed:"
                + " nothing is left for anyone to decide",
            "SELECT o.id, 0 FROM customer_order o WHERE o.status = 'NEEDS_REVIEW' AND NOT EXISTS"
                + " (SELECT 1 FROM charge_attempt a WHERE a.order_id = o.id AND (a.dispute ="
                + " 'OPEN' OR (a.dispute IS NULL AND a.status IN ('SUCCEEDED',"
                + " 'PARTIALLY_REFUNDED', 'REFUNDED')) OR (a.status = 'NEEDS_REVIEW' AND (SELECT COALESCE(sum(CASE WHEN"
                + " m.movement = 'CHARGED' THEN m.amount WHEN m.movement = 'REINSTATED' THEN"
                + " m.amount ELSE -m.amount END), 0) FROM money_movement m WHERE m.attempt_id ="
                + " a.id) > 0)))"
          },
          new String[] {
            "surplus-not-back",
            "the attempt's surplus is marked given back in full, and the ledger shows money"
                + " still held",
            "SELECT a.order_id, a.id FROM ("
                + HELD
                + ") h JOIN charge_attempt a"
                + " ON a.id = h.attempt_id WHERE a.status = 'SURPLUS_REFUNDED'"
                + " AND h.back < h.taken"
          });

  @Resource(lookup = "jdbc/ichido")
  DataSource dataSource;

  /** The check over {@code dataSource}, for a tool without a container (the benchmarks). */
  public static LedgerBooks over(DataSource dataSource) {
    LedgerBooks books = new LedgerBooks();
    books.dataSource = dataSource;
    return books;
  }

  @Transactional
  public LedgerReport check() {
    try (Connection connection = dataSource.getConnection()) {
      long movements;
      try (Statement count = connection.createStatement();
          ResultSet row = count.executeQuery("SELECT count(*) FROM money_movement")) {
        row.next();
        movements = row.getLong(1);
      }
      List<LedgerReport.Problem> problems = new ArrayList<>();
      for (String[] rule : RULES) {
        if (problems.size() >= MOST) {
          break;
        }
        try (PreparedStatement query =
            connection.prepareStatement(rule[2] + " ORDER BY 1, 2 LIMIT ?")) {
          query.setInt(1, MOST - problems.size());
          try (ResultSet rows = query.executeQuery()) {
            while (rows.next()) {
              problems.add(
                  new LedgerReport.Problem(rule[0], rows.getLong(1), rows.getLong(2), rule[1]));
            }
          }
        }
      }
      return new LedgerReport(problems.isEmpty(), movements, problems);
    } catch (SQLException e) {
      throw new IllegalStateException("Reading the ledger of money failed", e);
    }
  }
}
