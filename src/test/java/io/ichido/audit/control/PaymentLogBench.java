package io.ichido.audit.control;

import static io.ichido.audit.control.AuditorSearches.BASELINE;
import static io.ichido.audit.control.AuditorSearches.TARGET;

import io.ichido.audit.control.AuditorSearches.Call;
import io.ichido.audit.control.AuditorSearches.Kind;
import io.ichido.audit.control.AuditorSearches.Sample;
import io.ichido.audit.entity.ChainReport;
import io.ichido.audit.entity.LoggedEntry;
import io.ichido.payments.boundary.LedgerBooks;
import io.ichido.payments.boundary.Reconciliations;
import jakarta.annotation.Resource;
import jakarta.inject.Inject;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;

/**
 * Whether the payment log's indexes carry a year of traffic: loads a year of entries (a valid hash
 * chain, made by {@link LogChain}), verifies the chain, then times the searches auditors make
 * through {@link LogSearch} itself, interleaved with two baselines measured in the same run. Not a
 * test: {@code src/bench/payment-log-bench.sh} runs it. Settings are system properties {@code
 * ichido.bench.*}; see the script.
 */
public final class PaymentLogBench {

  private static final ZoneId JST = ZoneId.of("Asia/Tokyo");
  private static final Instant START = ZonedDateTime.of(2025, 1, 1, 0, 0, 0, 0, JST).toInstant();
  private static final Instant END = START.atZone(JST).plusYears(1).toInstant();
  private static final int CUSTOMERS = 130_000;
  private static final double SKEW = 0.72;
  private static final double TARGET_P50_MS = 50;
  private static final double TARGET_P99_MS = 200;

  // A smoke run (./mvnw verify) proves that every step still runs; at its sizes the figures mean
  // nothing, so it judges none.
  private static final boolean SMOKE = Boolean.getBoolean("ichido.bench.smoke");

  private PaymentLogBench() {}

  public static void main(String[] args) throws Exception {
    int entries = Integer.getInteger("ichido.bench.entries", 1_000_000);
    int runs = Integer.getInteger("ichido.bench.runs", 300);
    int warmup = Integer.getInteger("ichido.bench.warmup", 30);
    int port = Integer.getInteger("ichido.bench.port", 15599);
    long seed = Long.getLong("ichido.bench.seed", 20261130L);
    Path changelogDir = Path.of(System.getProperty("ichido.bench.changelogDir", "."));

    progress("starting the database and applying liquibase/changelog.xml");
    try (BenchDatabase db = BenchDatabase.create(port, changelogDir);
        Connection connection = db.connect()) {
      System.out.printf(
          "Payment log search benchmark, %s%nMachine: %d CPUs, %s, %.1f GiB RAM; %s%nDatabase: %s%n%n",
          OffsetDateTime.now(java.time.ZoneOffset.UTC).truncatedTo(ChronoUnit.MINUTES),
          Runtime.getRuntime().availableProcessors(),
          cpuModel(),
          memoryGib(),
          text(connection, "SELECT version()"),
          db.where());
      load(connection, entries, seed);
      LogSearch search = searchWithoutContainer(transactionPerCall(connection));
      verify(search, entries);
      List<Sample> samples = AuditorSearches.draw(connection, entries, new Random(seed + 1));
      List<Kind> kinds = AuditorSearches.kinds(search, samples, entries);
      OtherLoad otherLoad = new OtherLoad();
      Map<String, Latencies> measured = measure(kinds, runs, warmup, seed + 2);
      double otherCpus = otherLoad.cpus();
      Map<String, String> plans = plans(connection, kinds);
      Map<String, String> generic = genericPlans(db, kinds);
      report(measured, plans, generic, runs, warmup, otherCpus);
      explain(connection, samples, new Random(seed + 3));
      if (Boolean.getBoolean("ichido.bench.hold")) {
        progress("holding " + db.where() + " for a look; Ctrl+C ends (and drops it)");
        Thread.currentThread().join();
      }
    }
  }

  // -------------------------------------------------------------------------------------------
  // Load

  private static void load(Connection connection, int entries, long seed) throws SQLException {
    progress("loading " + entries + " entries with COPY (hash chain computed by LogChain)");
    PaymentLogTraffic traffic = new PaymentLogTraffic(seed, START, END, entries, CUSTOMERS, SKEW);
    OtherLoad otherLoad = new OtherLoad();
    long started = System.nanoTime();
    String prevHash = EntryHash.GENESIS;
    try (PaymentLogCopy copy = new PaymentLogCopy(connection)) {
      for (long seq = 1; seq <= entries; seq++) {
        PaymentLogTraffic.Timed next = traffic.next();
        LoggedEntry logged = LogChain.chained(seq, next.at(), next.entry(), prevHash);
        copy.add(logged);
        prevHash = logged.hash();
        if (seq % 100_000 == 0) {
          progress("  %,d entries, %.0f s".formatted(seq, seconds(started)));
        }
      }
    }
    double loadSeconds = seconds(started);
    double otherCpus = otherLoad.cpus();
    progress("VACUUM (ANALYZE) payment_log");
    long vacuumStarted = System.nanoTime();
    try (Statement sql = connection.createStatement()) {
      sql.execute("VACUUM (ANALYZE) payment_log");
    }
    double vacuumSeconds = seconds(vacuumStarted);
    System.out.printf(
        "Load: %,d entries (%,d orders) in %.1f s (%,.0f entries/s), COPY with all indexes in"
            + " place (other processes used %.2f CPUs meanwhile); VACUUM (ANALYZE) %.1f s%n",
        entries, traffic.orders(), loadSeconds, entries / loadSeconds, otherCpus, vacuumSeconds);
    System.out.println(
        text(
            connection,
            """
            SELECT format('Data: %s to %s (Japan time); %s distinct counterparties, the busiest'
              || ' with %s entries; %s entries with an amount (median %s JPY, max %s JPY)',
              to_char(min(logged_at) AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM-DD HH24:MI'),
              to_char(max(logged_at) AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM-DD HH24:MI'),
              count(DISTINCT counterparty),
              (SELECT count(*) FROM payment_log GROUP BY counterparty
                ORDER BY count(counterparty) DESC LIMIT 1),
              count(amount),
              percentile_disc(0.5) WITHIN GROUP (ORDER BY amount),
              max(amount))
            FROM payment_log"""));
    System.out.println(
        "Database: "
            + text(
                connection,
                """
                SELECT string_agg(name || '=' || setting, ', ' ORDER BY name) FROM pg_settings
                WHERE name IN ('fsync', 'synchronous_commit', 'full_page_writes')"""));
    System.out.println(
        "Kinds: "
            + text(
                connection,
                """
                SELECT string_agg(kind || ' ' || n, ', ' ORDER BY n DESC)
                FROM (SELECT kind, count(*) n FROM payment_log GROUP BY kind) k"""));
    System.out.println(
        "Sizes: "
            + text(
                connection,
                """
                SELECT format('table %s, indexes %s (', pg_size_pretty(pg_relation_size(
                  'payment_log')), pg_size_pretty(pg_indexes_size('payment_log')))
                  || string_agg(c.relname || ' ' || pg_size_pretty(pg_relation_size(c.oid)),
                  ', ' ORDER BY c.relname) || ')'
                FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
                WHERE i.indrelid = 'payment_log'::regclass"""));
  }

  private static void verify(LogSearch search, int entries) {
    progress("verifying the chain (LogSearch.verify)");
    long started = System.nanoTime();
    ChainReport report = search.verify();
    double verifySeconds = seconds(started);
    System.out.printf(
        "Verify: %s, %,d entries in %.1f s (%,.0f entries/s)%n%n",
        report.intact()
            ? "intact"
            : "BROKEN at " + report.firstBrokenSeq() + ": " + report.problem(),
        report.entries(),
        verifySeconds,
        report.entries() / verifySeconds);
    if (!report.intact() || report.entries() != entries) {
      throw new IllegalStateException("The loaded chain does not verify: " + report);
    }
  }

  // -------------------------------------------------------------------------------------------
  // Searches

  private static Map<String, Latencies> measure(List<Kind> kinds, int runs, int warmup, long seed)
      throws Exception {
    Map<String, Latencies> measured = new LinkedHashMap<>();
    kinds.forEach(k -> measured.put(k.name(), new Latencies()));
    progress(
        "%d rounds (%d of warm-up) of %d kinds of call, interleaved"
            .formatted(warmup + runs, warmup, kinds.size()));
    Random random = new Random(seed);
    for (int round = 0; round < warmup + runs; round++) {
      for (Kind kind : kinds) {
        Call call = kind.probe().prepare(random);
        long started = System.nanoTime();
        long rows = call.run();
        long elapsed = System.nanoTime() - started;
        if (round >= warmup) {
          measured.get(kind.name()).add(elapsed, rows);
        }
      }
    }
    return measured;
  }

  // -------------------------------------------------------------------------------------------
  // Report

  /** Which plans the server used for each search: generic plans ignore the parameter values. */
  private static Map<String, String> plans(Connection connection, List<Kind> kinds)
      throws SQLException {
    Map<String, String> plans = new LinkedHashMap<>();
    try (Statement sql = connection.createStatement();
        ResultSet rows =
            sql.executeQuery(
                "SELECT statement, generic_plans, custom_plans FROM pg_prepared_statements")) {
      while (rows.next()) {
        String statement = rows.getString(1).replaceAll("\\$\\d+", "?");
        for (Kind kind : kinds) {
          if (kind.sql().equals(statement)) {
            plans.put(kind.name(), rows.getLong(2) + "/" + rows.getLong(3));
          }
        }
      }
    }
    connection.commit();
    return plans;
  }

  private static void report(
      Map<String, Latencies> measured,
      Map<String, String> plans,
      Map<String, String> generic,
      int runs,
      int warmup,
      double otherCpus) {
    measured.forEach(
        (name, l) -> {
          if (l.count() == 0) {
            throw new IllegalStateException("no measurement of " + name + ": nothing to report");
          }
        });
    double baseline = measured.get(BASELINE).millis(0.5);
    System.out.printf(
        "Searches through LogSearch (as the API runs them: head, search, commit), %d measured runs"
            + " each after %d warm-up rounds, interleaved; times in ms; x = p50 / p50 of \"%s\";%n"
            + "gen/cust = generic and custom plans the server used for the statement;"
            + " generic plan = what it scans when planned without the values%n",
        runs, warmup, BASELINE);
    String format = "%-42s %5s %5s %7s %7s %7s %7s %6s %9s  %s%n";
    System.out.printf(
        format,
        "search",
        "runs",
        "rows",
        "p50",
        "p95",
        "p99",
        "max",
        "x",
        "gen/cust",
        "generic plan");
    measured.forEach(
        (name, l) ->
            System.out.printf(
                format,
                name,
                l.count(),
                "%.1f".formatted(l.meanRows()),
                ms(l.millis(0.5)),
                ms(l.millis(0.95)),
                ms(l.millis(0.99)),
                ms(l.millis(1)),
                "%.1f".formatted(l.millis(0.5) / baseline),
                plans.getOrDefault(name, "-"),
                generic.getOrDefault(name, "-")));
    Latencies target = measured.get(TARGET);
    boolean pass = target.millis(0.5) < TARGET_P50_MS && target.millis(0.99) < TARGET_P99_MS;
    System.out.printf(
        "%nTarget, %s: p50 %s ms (< %.0f), p99 %s ms (< %.0f): %s%n",
        TARGET,
        ms(target.millis(0.5)),
        TARGET_P50_MS,
        ms(target.millis(0.99)),
        TARGET_P99_MS,
        SMOKE
            ? "not judged (smoke run: tiny sizes, the figures mean nothing)"
            : pass ? "PASS" : "MISS");
    System.out.printf(
        "Other processes used %.2f of the %d CPUs on average while the searches ran.%n",
        otherCpus, Runtime.getRuntime().availableProcessors());
    measured.forEach(
        (name, l) -> {
          if (!SMOKE && (l.millis(0.5) >= TARGET_P50_MS || l.millis(0.99) >= TARGET_P99_MS)) {
            System.out.printf("Over the same bounds: %s%n", name);
          }
        });
  }

  /**
   * The target search's plan for one drawn sample, as the planner makes it for these values and as
   * a generic plan (what a prepared statement may switch to after five runs), both executed.
   */
  private static void explain(Connection connection, List<Sample> samples, Random random)
      throws SQLException {
    LogSql sql = AuditorSearches.target(samples, head(connection), random);
    System.out.printf(
        "%nEXPLAIN (ANALYZE, BUFFERS) of \"%s\", parameters %s%n", TARGET, sql.parameters());
    printPlan(connection, new LogSql("EXPLAIN (ANALYZE, BUFFERS) " + sql.sql(), sql.parameters()));
    StringBuilder arguments = new StringBuilder();
    for (Object value : sql.parameters()) {
      arguments.append(arguments.isEmpty() ? "" : ", ");
      arguments.append('\'').append(value.toString().replace("'", "''")).append('\'');
    }
    System.out.printf("%nThe same as a generic plan (plan_cache_mode = force_generic_plan):%n");
    try (Statement statement = connection.createStatement()) {
      statement.execute("SET plan_cache_mode = force_generic_plan");
      statement.execute("PREPARE bench_target AS " + numbered(sql.sql()));
      printPlan(
          connection,
          new LogSql(
              "EXPLAIN (ANALYZE, BUFFERS) EXECUTE bench_target(" + arguments + ")", List.of()));
      statement.execute("DEALLOCATE bench_target");
      statement.execute("RESET plan_cache_mode");
    }
    connection.commit();
  }

  /**
   * The plan each search gets once its prepared statement goes generic (planned without the
   * parameters' values), in a few words: the indexes it scans and whether it sorts. The simple
   * query protocol leaves the parameters unbound, as EXPLAIN (GENERIC_PLAN) wants them.
   */
  private static Map<String, String> genericPlans(BenchDatabase db, List<Kind> kinds)
      throws SQLException {
    Properties simple = new Properties();
    simple.setProperty("preferQueryMode", "simple");
    Pattern scan =
        Pattern.compile("(Bitmap Index Scan|Index Only Scan|Index Scan)( Backward)? on (\\w+)");
    Map<String, String> plans = new LinkedHashMap<>();
    try (Connection connection = db.connect(simple);
        Statement sql = connection.createStatement()) {
      for (Kind kind : kinds) {
        List<String> steps = new ArrayList<>();
        try (ResultSet rows = sql.executeQuery("EXPLAIN (GENERIC_PLAN) " + numbered(kind.sql()))) {
          while (rows.next()) {
            String line = rows.getString(1);
            Matcher m = scan.matcher(line.replace(" using ", " on "));
            if (m.find()) {
              steps.add(m.group(3) + (m.group(2) == null ? "" : " backward"));
            } else if (line.contains("Incremental Sort  (")) {
              steps.add("incremental sort");
            } else if (line.contains("Sort  (")) {
              steps.add("sort");
            } else if (line.contains("Seq Scan")) {
              steps.add("whole table");
            }
          }
        }
        plans.put(kind.name(), steps.isEmpty() ? "-" : String.join(", ", steps));
      }
    }
    return plans;
  }

  /** JDBC's ? placeholders as PostgreSQL's $1, $2, ... (the log's SQL has no ? in literals). */
  private static String numbered(String sql) {
    StringBuilder numbered = new StringBuilder();
    int n = 0;
    for (char c : sql.toCharArray()) {
      numbered.append(c == '?' ? "$" + ++n : String.valueOf(c));
    }
    return numbered.toString();
  }

  private static void printPlan(Connection connection, LogSql explain) throws SQLException {
    try (PreparedStatement statement = LogRows.prepare(connection, explain, 0);
        ResultSet rows = statement.executeQuery()) {
      while (rows.next()) {
        System.out.println("  " + rows.getString(1));
      }
    }
    connection.commit();
  }

  private static long head(Connection connection) throws SQLException {
    return Long.parseLong(text(connection, "SELECT max(seq) FROM payment_log"));
  }

  // -------------------------------------------------------------------------------------------
  // Plumbing

  /**
   * What CDI would inject: the searches catch up with the sequencer first, as in the server; no
   * checkpoint key (none is signed, and verify walks the chain in chunks as in the server). Like
   * CDI, it refuses to start with an injection point left unfilled: a bean that gains one fails
   * here, not with a NullPointerException minutes into the run.
   */
  private static LogSearch searchWithoutContainer(DataSource dataSource) {
    CheckpointKey noKey = CheckpointKey.of(Optional.empty());
    LogSequencing sequencing = new LogSequencing();
    sequencing.dataSource = dataSource;
    sequencing.checkpoints = new CheckpointSigner();
    sequencing.checkpoints.key = noKey;
    LogSequencer sequencer = new LogSequencer();
    sequencer.sequencing = sequencing;
    sequencer.catchUpLimit = Duration.ofSeconds(5);
    sequencer.interval = Duration.ofMillis(100);
    LogSearch search = new LogSearch();
    search.dataSource = dataSource;
    search.sequencing = sequencing;
    search.sequencer = sequencer;
    search.chunks = new LogChunks();
    search.chunks.dataSource = dataSource;
    search.checkpointKey = noKey;
    search.unchainedAlarm = Duration.ofSeconds(10);
    // Its reader takes the search's own connection; recording retries (its observer) is not used.
    search.retryTraffic = new RetryTraffic();
    search.books = LedgerBooks.over(dataSource);
    search.reconciliations = Reconciliations.over(dataSource);
    for (Object bean :
        List.of(
            search, search.chunks, search.books, search.reconciliations, sequencer, sequencing)) {
      injected(bean);
    }
    return search;
  }

  private static void injected(Object bean) {
    for (Field field : bean.getClass().getDeclaredFields()) {
      boolean injectionPoint =
          field.isAnnotationPresent(Inject.class) || field.isAnnotationPresent(Resource.class);
      if (!injectionPoint || field.getName().equals("scheduler")) {
        // The scheduler polls in the server; the benchmark catches up in the calls it times.
        continue;
      }
      try {
        // Beans of other packages (payments' LedgerBooks) keep their fields package-private.
        field.setAccessible(true);
        if (field.get(bean) == null) {
          throw new IllegalStateException(
              bean.getClass().getSimpleName() + "." + field.getName() + " is not wired");
        }
      } catch (IllegalAccessException e) {
        throw new IllegalStateException("Cannot read " + field, e);
      }
    }
  }

  /**
   * What Liberty gives {@link LogSearch}: a connection in a transaction that commits when the
   * method closes it. One physical connection serves every call, as a warm pool's do, so the
   * driver's statement cache and the server's plan cache behave as in production.
   */
  private static DataSource transactionPerCall(Connection connection) throws SQLException {
    connection.setAutoCommit(false);
    ClassLoader loader = PaymentLogBench.class.getClassLoader();
    Connection handle =
        (Connection)
            Proxy.newProxyInstance(
                loader,
                new Class<?>[] {Connection.class},
                (proxy, method, args) -> {
                  if (method.getName().equals("close")) {
                    connection.commit();
                    return null;
                  }
                  try {
                    return method.invoke(connection, args);
                  } catch (InvocationTargetException e) {
                    throw e.getCause();
                  }
                });
    return (DataSource)
        Proxy.newProxyInstance(
            loader,
            new Class<?>[] {DataSource.class},
            (proxy, method, args) -> {
              if (method.getName().equals("getConnection")) {
                return handle;
              }
              throw new UnsupportedOperationException(method.getName());
            });
  }

  private static String text(Connection connection, String query) throws SQLException {
    try (Statement sql = connection.createStatement();
        ResultSet row = sql.executeQuery(query)) {
      row.next();
      return row.getString(1);
    }
  }

  private static String cpuModel() {
    try {
      return Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
          .filter(l -> l.startsWith("model name"))
          .map(l -> l.substring(l.indexOf(':') + 1).trim())
          .findFirst()
          .orElse("unknown CPU");
    } catch (java.io.IOException e) {
      return "unknown CPU";
    }
  }

  private static double memoryGib() {
    return ((com.sun.management.OperatingSystemMXBean)
                java.lang.management.ManagementFactory.getOperatingSystemMXBean())
            .getTotalMemorySize()
        / (double) (1L << 30);
  }

  private static String ms(double millis) {
    return "%.2f".formatted(millis);
  }

  private static double seconds(long startedNanos) {
    return (System.nanoTime() - startedNanos) / 1e9;
  }

  private static void progress(String message) {
    System.err.println("==> " + message);
  }
}
