package io.ichido.audit.control;

import io.ichido.audit.entity.LogPage;
import io.ichido.audit.entity.LogQuery;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.BiFunction;
import java.util.function.Predicate;

/**
 * The searches auditors make, with parameters drawn from rows of the loaded log: a calendar month
 * (Japan time), an amount range around a real amount, a real counterparty, key or order.
 */
final class AuditorSearches {

  static final String TARGET = "month + amount range + counterparty";
  static final String BASELINE = "entry by seq (primary key)";
  static final int PAGE = 50;
  private static final ZoneId JST = ZoneId.of("Asia/Tokyo");

  private AuditorSearches() {}

  /** A row drawn from the loaded log; the searches take their parameters from such rows. */
  record Sample(Instant loggedAt, String counterparty, Long amount, Long orderId, String key) {}

  /** One kind of call: draws its parameters (untimed), then gives the call to time. */
  @FunctionalInterface
  interface Probe {
    Call prepare(Random random) throws Exception;
  }

  /** A call that returns how many rows it read. */
  @FunctionalInterface
  interface Call {
    long run() throws Exception;
  }

  /** A probe with the SQL it runs, to find its plans among the server's prepared statements. */
  record Kind(String name, String sql, Probe probe) {}

  /** Rows at random places in a log of {@code entries}; every search draws its parameters here. */
  static List<Sample> draw(Connection connection, int entries, Random random) throws SQLException {
    Long[] seqs = new Long[4000];
    for (int i = 0; i < seqs.length; i++) {
      seqs[i] = 1 + (long) random.nextInt(entries);
    }
    List<Sample> samples = new ArrayList<>();
    try (PreparedStatement statement =
        connection.prepareStatement(
            "SELECT logged_at, counterparty, amount, order_id, idempotency_key FROM payment_log"
                + " WHERE seq = ANY (?) ORDER BY seq")) {
      statement.setArray(1, connection.createArrayOf("bigint", seqs));
      try (ResultSet rows = statement.executeQuery()) {
        while (rows.next()) {
          samples.add(
              new Sample(
                  rows.getObject(1, OffsetDateTime.class).toInstant(),
                  rows.getString(2),
                  (Long) rows.getObject(3),
                  (Long) rows.getObject(4),
                  rows.getString(5)));
        }
      }
    }
    connection.commit();
    return samples;
  }

  /**
   * The baselines (a round trip, a primary-key lookup), then each search: a first page of 50 unless
   * said otherwise, through {@link LogSearch} as the API calls it.
   */
  static List<Kind> kinds(LogSearch search, List<Sample> samples, int entries) {
    List<Sample> priced = only(samples, s -> s.counterparty() != null && s.amount() != null);
    List<Sample> parties = only(samples, s -> s.counterparty() != null);
    List<Sample> keyed = only(samples, s -> s.key() != null);
    List<Sample> ordered = only(samples, s -> s.orderId() != null);
    Sample any = priced.get(0);
    List<Kind> kinds = new ArrayList<>();
    kinds.add(
        new Kind(
            "SELECT 1 (round trip)",
            "SELECT 1",
            random ->
                () -> {
                  try (Connection c = search.dataSource.getConnection();
                      Statement sql = c.createStatement();
                      ResultSet row = sql.executeQuery("SELECT 1")) {
                    row.next();
                    return 1;
                  }
                }));
    kinds.add(
        new Kind(
            BASELINE,
            "SELECT 1 FROM payment_log WHERE seq = ?",
            random -> {
              long seq = 1 + random.nextInt(entries);
              return () -> search.exists(seq) ? 1 : 0;
            }));
    kinds.add(page(search, TARGET, priced, (s, r) -> monthAmountParty(s, amountRange(s, r))));
    kinds.add(
        page(search, "month + amount range", priced, (s, r) -> monthAmount(s, amountRange(s, r))));
    // What auditors look for first: "that ¥380,000 payment". Few entries match in a month.
    List<Long> amounts = priced.stream().map(Sample::amount).sorted().toList();
    long large = amounts.get(amounts.size() * 95 / 100);
    kinds.add(
        page(
            search,
            "month + amount ±10 %, top 5 % amounts",
            only(priced, s -> s.amount() >= large),
            (s, r) -> monthAmount(s, within(s, 1.1))));
    kinds.add(page(search, "counterparty (all time)", parties, (s, r) -> party(s)));
    kinds.add(page(search, "month", samples, (s, r) -> month(s)));
    kinds.add(page(search, "idempotency key", keyed, (s, r) -> key(s)));
    kinds.add(page(search, "order id", ordered, (s, r) -> order(s)));
    kinds.add(
        new Kind(
            "month + amount range, next page (cursor)",
            LogSql.search(
                    monthAmount(any, new long[] {1, 2}),
                    1,
                    new LogSql.Cursor(any.loggedAt(), 1),
                    0,
                    PAGE + 1)
                .sql(),
            random -> {
              for (int tries = 0; ; tries++) {
                Sample s = pick(priced, random);
                LogQuery query = monthAmount(s, amountRange(s, random));
                LogPage first = search.page(query, null, null, 1, PAGE);
                if (first.next() != null || tries == 20) {
                  return () ->
                      search.page(query, first.asOf(), first.next(), 1, PAGE).items().size();
                }
              }
            }));
    kinds.add(
        new Kind(
            "month, page 10 (offset)",
            LogSql.search(month(any), 1, null, 9L * PAGE, PAGE + 1).sql(),
            random -> {
              LogQuery query = month(pick(samples, random));
              return () -> search.page(query, null, null, 10, PAGE).items().size();
            }));
    kinds.add(
        new Kind(
            "export: month + counterparty (all rows)",
            LogSql.search(monthParty(any), 1, null, 0, 0).sql(),
            random -> {
              LogQuery query = monthParty(pick(parties, random));
              return () -> search.export(query, entry -> {});
            }));
    return kinds;
  }

  /** The target search for a drawn sample, as {@link LogSearch} would run its first page. */
  static LogSql target(List<Sample> samples, long head, Random random) {
    Sample s = pick(only(samples, s1 -> s1.counterparty() != null && s1.amount() != null), random);
    return LogSql.search(monthAmountParty(s, amountRange(s, random)), head, null, 0, PAGE + 1);
  }

  /** A first page of 50, as the API serves it (51 rows asked: is there a next page?). */
  private static Kind page(
      LogSearch search,
      String name,
      List<Sample> from,
      BiFunction<Sample, Random, LogQuery> query) {
    return new Kind(
        name,
        LogSql.search(query.apply(from.get(0), new Random(0)), 1, null, 0, PAGE + 1).sql(),
        random -> {
          LogQuery q = query.apply(pick(from, random), random);
          return () -> search.page(q, null, null, 1, PAGE).items().size();
        });
  }

  /**
   * Around a real amount, as an auditor looking for "that ¥12,000 charge" asks: within 10 %, within
   * a factor of 2 or within a factor of 5, in equal shares.
   */
  private static long[] amountRange(Sample s, Random random) {
    return within(s, new double[] {1.1, 2, 5}[random.nextInt(3)]);
  }

  private static long[] within(Sample s, double factor) {
    return new long[] {
      (long) Math.floor(s.amount() / factor), (long) Math.ceil(s.amount() * factor)
    };
  }

  private static LogQuery monthAmountParty(Sample s, long[] amounts) {
    return new LogQuery(
        monthStart(s),
        monthEnd(s),
        amounts[0],
        amounts[1],
        s.counterparty(),
        null,
        null,
        null,
        null,
        null);
  }

  private static LogQuery monthAmount(Sample s, long[] amounts) {
    return new LogQuery(
        monthStart(s), monthEnd(s), amounts[0], amounts[1], null, null, null, null, null, null);
  }

  private static LogQuery monthParty(Sample s) {
    return new LogQuery(
        monthStart(s), monthEnd(s), null, null, s.counterparty(), null, null, null, null, null);
  }

  private static LogQuery month(Sample s) {
    return new LogQuery(monthStart(s), monthEnd(s), null, null, null, null, null, null, null, null);
  }

  private static LogQuery party(Sample s) {
    return new LogQuery(null, null, null, null, s.counterparty(), null, null, null, null, null);
  }

  private static LogQuery key(Sample s) {
    return new LogQuery(null, null, null, null, null, null, null, null, s.key(), null);
  }

  private static LogQuery order(Sample s) {
    return new LogQuery(null, null, null, null, null, s.orderId(), null, null, null, null);
  }

  /** The calendar month, Japan time, the sample was logged in. */
  private static Instant monthStart(Sample s) {
    return s.loggedAt().atZone(JST).withDayOfMonth(1).truncatedTo(ChronoUnit.DAYS).toInstant();
  }

  private static Instant monthEnd(Sample s) {
    return monthStart(s).atZone(JST).plusMonths(1).toInstant();
  }

  private static List<Sample> only(List<Sample> samples, Predicate<Sample> test) {
    return samples.stream().filter(test).toList();
  }

  private static Sample pick(List<Sample> samples, Random random) {
    return samples.get(random.nextInt(samples.size()));
  }
}
