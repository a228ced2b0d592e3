package io.ichido.audit.control;

import io.ichido.audit.entity.PaymentTotals;
import io.ichido.audit.entity.PaymentTotals.Day;
import io.ichido.audit.entity.PaymentTotals.Open;
import io.ichido.audit.entity.PaymentTotals.Row;
import io.ichido.orders.boundary.OrdersInReview;
import io.ichido.payments.boundary.EnabledGateways;
import io.ichido.payments.boundary.MoneyInDoubt;
import io.ichido.payments.boundary.OpenAmount;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import javax.sql.DataSource;

/**
 * The auditors' totals, summed by the database. Charged and refunded come from the chained facts
 * ({@link #MONEY}): an order paid (its {@code ORDER_STATUS_CHANGED} to {@code PAID}, once per order
 * however its payment was told: the charge's answer, a lookup or a webhook; its gateway is that of
 * the order's last {@code CHARGE_REQUESTED} before it, the attempt holding the order's one slot)
 * and a surplus received ({@code PAYMENT_SURPLUS}, once per gateway and charge) are money taken; a
 * refund ({@code REFUNDED}) and a surplus returned ({@code SURPLUS_REFUNDED}) are money given back.
 * In doubt and in review are states, read as they are now through what payments and orders publish.
 */
@ApplicationScoped
public class LogTotals {

  /** The shop's business day. */
  public static final ZoneId BUSINESS_DAY = ZoneId.of("Asia/Tokyo");

  public static final int DAYS = 30;

  /** The gateway of money no gateway is known for: an order in review that never charged. */
  static final String NONE = "none";

  /** The shop's currency: always shown, even before its first yen. */
  static final String HOME_CURRENCY = "JPY";

  /**
   * The entries that move money. Written exactly as payment_log_money's predicate (liquibase
   * audit/totals.xml), so that PostgreSQL proves the partial index applies.
   */
  static final String MONEY =
      "(kind IN ('PAYMENT_SURPLUS', 'REFUNDED', 'SURPLUS_REFUNDED')"
          + " OR (kind = 'ORDER_STATUS_CHANGED' AND status = 'PAID'))";

  /**
   * Each money fact once, with its side (C: charged, R: refunded), gateway and business day. An
   * order is paid once and a surplus is received once per charge; DISTINCT ON keeps that so even if
   * a fact were told twice. Each refund entry is its own refund.
   */
  static final String FACTS =
      "SELECT DISTINCT ON (fact) currency, gateway, side, amount, day FROM ("
          + "SELECT p.seq, p.currency, p.amount,"
          + " CASE WHEN p.kind IN ('ORDER_STATUS_CHANGED', 'PAYMENT_SURPLUS') THEN 'C' ELSE 'R'"
          + " END AS side,"
          + " CASE p.kind WHEN 'ORDER_STATUS_CHANGED' THEN 'paid:' || p.order_id"
          + " WHEN 'PAYMENT_SURPLUS' THEN 'surplus:' || p.gateway || ':'"
          + " || COALESCE(p.charge_id, p.seq::text) ELSE 'entry:' || p.seq END AS fact,"
          + " COALESCE(p.gateway, (SELECT r.gateway FROM payment_log r WHERE r.order_id ="
          + " p.order_id AND r.kind = 'CHARGE_REQUESTED' AND r.seq < p.seq"
          + " ORDER BY r.seq DESC LIMIT 1)) AS gateway,"
          + " (p.logged_at AT TIME ZONE 'Asia/Tokyo')::date AS day"
          + " FROM payment_log p WHERE "
          + MONEY
          + " AND p.seq <= ? AND p.amount IS NOT NULL AND p.currency IS NOT NULL AND p.logged_at >= ? AND p.logged_at < ?"
          + ") m ORDER BY fact, seq";

  static final String PERIOD =
      "SELECT currency, gateway,"
          + " COALESCE(sum(amount) FILTER (WHERE side = 'C'), 0), count(*) FILTER (WHERE side ="
          + " 'C'), COALESCE(sum(amount) FILTER (WHERE side = 'R'), 0), count(*) FILTER (WHERE"
          + " side = 'R') FROM ("
          + FACTS
          + ") f GROUP BY currency, gateway";

  static final String DAILY =
      "SELECT currency, day,"
          + " COALESCE(sum(amount) FILTER (WHERE side = 'C'), 0),"
          + " COALESCE(sum(amount) FILTER (WHERE side = 'R'), 0) FROM ("
          + FACTS
          + ") f GROUP BY currency, day";

  /** Open bounds: before the first entry, after any entry. */
  private static final Instant EARLIEST = Instant.parse("2000-01-01T00:00:00Z");

  private static final Instant LATEST = Instant.parse("9999-01-01T00:00:00Z");

  @Resource(lookup = "jdbc/ichido")
  DataSource dataSource;

  @Inject LogSequencer sequencer;
  @Inject MoneyInDoubt inDoubt;
  @Inject OrdersInReview inReview;
  @Inject EnabledGateways enabled;

  /**
   * @param from inclusive, or null
   * @param to exclusive, or null
   */
  @Transactional
  public PaymentTotals of(Instant from, Instant to) {
    sequencer.catchUp();
    Instant now = Instant.now();
    LocalDate today = now.atZone(BUSINESS_DAY).toLocalDate();
    LocalDate first = today.minusDays(DAYS - 1);
    Map<Key, long[]> money = new LinkedHashMap<>();
    Map<String, Map<LocalDate, long[]>> days = new LinkedHashMap<>();
    long head;
    try (Connection connection = dataSource.getConnection()) {
      head = LogSearch.head(connection);
      try (PreparedStatement statement = connection.prepareStatement(PERIOD)) {
        bind(statement, head, from == null ? EARLIEST : from, to == null ? LATEST : to);
        try (ResultSet rows = statement.executeQuery()) {
          while (rows.next()) {
            money.put(
                new Key(rows.getString(1).trim(), rows.getString(2)),
                new long[] {rows.getLong(3), rows.getLong(4), rows.getLong(5), rows.getLong(6)});
          }
        }
      }
      try (PreparedStatement statement = connection.prepareStatement(DAILY)) {
        bind(
            statement,
            head,
            first.atStartOfDay(BUSINESS_DAY).toInstant(),
            today.plusDays(1).atStartOfDay(BUSINESS_DAY).toInstant());
        try (ResultSet rows = statement.executeQuery()) {
          while (rows.next()) {
            days.computeIfAbsent(rows.getString(1).trim(), c -> new LinkedHashMap<>())
                .put(
                    rows.getObject(2, LocalDate.class),
                    new long[] {rows.getLong(3), rows.getLong(4)});
          }
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Summing the payment log failed", e);
    }
    Map<Key, Open> charges = open(inDoubt.charges());
    Map<Key, Open> refunds = open(inDoubt.refunds());
    Map<Key, Open> review = open(inReview.now());
    TreeSet<String> currencies = new TreeSet<>(List.of(HOME_CURRENCY));
    for (Map<Key, ?> part : List.of(money, charges, refunds, review)) {
      part.keySet().forEach(key -> currencies.add(key.currency()));
    }
    currencies.addAll(days.keySet());
    List<Row> totals = new ArrayList<>();
    List<String> configured = enabled.names();
    for (String currency : currencies) {
      List<Row> rows = new ArrayList<>();
      for (String gateway :
          gateways(configured, currency, List.of(money, charges, refunds, review))) {
        Key key = new Key(currency, gateway);
        long[] sums = money.getOrDefault(key, new long[4]);
        rows.add(
            new Row(
                gateway,
                currency,
                sums[0],
                sums[1],
                sums[2],
                sums[3],
                sums[0] - sums[2],
                charges.getOrDefault(key, Open.NONE),
                refunds.getOrDefault(key, Open.NONE),
                review.getOrDefault(key, Open.NONE)));
      }
      totals.addAll(rows);
      totals.add(all(currency, rows));
    }
    List<Day> daily = new ArrayList<>();
    for (String currency : currencies) {
      Map<LocalDate, long[]> byDay = days.getOrDefault(currency, Map.of());
      for (LocalDate day = first; !day.isAfter(today); day = day.plusDays(1)) {
        long[] sums = byDay.getOrDefault(day, new long[2]);
        daily.add(new Day(day, currency, sums[0], sums[1], sums[0] - sums[1]));
      }
    }
    return new PaymentTotals(from, to, head, now, BUSINESS_DAY.getId(), totals, daily);
  }

  /**
   * The gateways enabled here (shown even when they moved no money), then any other the facts or
   * states name: one disabled since, or {@link #NONE}.
   */
  static List<String> gateways(List<String> enabled, String currency, List<Map<Key, ?>> parts) {
    List<String> gateways = new ArrayList<>(enabled);
    for (Map<Key, ?> part : parts) {
      for (Key key : part.keySet()) {
        if (key.currency().equals(currency) && !gateways.contains(key.gateway())) {
          gateways.add(key.gateway());
        }
      }
    }
    return gateways;
  }

  /** A currency's total: the sum of its gateways' rows (a handful, already summed by SQL). */
  private static Row all(String currency, List<Row> rows) {
    long charged = 0;
    long chargedCount = 0;
    long refunded = 0;
    long refundedCount = 0;
    for (Row row : rows) {
      charged += row.charged();
      chargedCount += row.chargedCount();
      refunded += row.refunded();
      refundedCount += row.refundedCount();
    }
    return new Row(
        null,
        currency,
        charged,
        chargedCount,
        refunded,
        refundedCount,
        charged - refunded,
        PaymentTotals.sum(rows.stream().map(Row::inDoubtCharges).toList()),
        PaymentTotals.sum(rows.stream().map(Row::inDoubtRefunds).toList()),
        PaymentTotals.sum(rows.stream().map(Row::inReview).toList()));
  }

  private static Map<Key, Open> open(List<OpenAmount> amounts) {
    Map<Key, Open> open = new LinkedHashMap<>();
    for (OpenAmount amount : amounts) {
      open.merge(
          new Key(amount.currency(), amount.gateway()),
          new Open(amount.count(), amount.amount()),
          (a, b) -> new Open(a.count() + b.count(), a.amount() + b.amount()));
    }
    return open;
  }

  private static void bind(PreparedStatement statement, long head, Instant from, Instant to)
      throws SQLException {
    statement.setLong(1, head);
    statement.setObject(2, from.atOffset(ZoneOffset.UTC));
    statement.setObject(3, to.atOffset(ZoneOffset.UTC));
  }

  /** A currency and gateway; a null gateway is {@link #NONE}, so that null stays "all". */
  record Key(String currency, String gateway) {
    Key {
      Objects.requireNonNull(currency);
      gateway = gateway == null ? NONE : gateway;
    }
  }
}
