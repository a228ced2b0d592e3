import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * Open-loop, fixed-rate load driver for the latency part of src/bench/bench.sh (wrk is closed
 * loop and cannot hold a rate; wrk2 is not packaged in Debian).
 *
 * <p>Every request has an intended send time on a fixed timetable (start + i / rate) and its
 * latency is measured from that intended time, not from when it actually left. A stall anywhere
 * (server, network stack, this JVM) therefore shows up in the latencies of every request that
 * should have been sent during it, which is what a client with its own clock would see; measuring
 * from the actual send would hide it (coordinated omission).
 *
 * <p>Run as a single-file program: {@code java src/bench/FixedRateDriver.java --base=... }. It
 * prints one {@code RESULT} line per kind of request for the script to parse.
 */
public class FixedRateDriver {

  /** The three kinds of request compared at the same rate. */
  enum Kind {
    /** POST /api/bench/orders: same endpoint code, no idempotency layer. */
    BASELINE,
    /** POST /api/orders with a key never seen before: claim, endpoint, completion. */
    FRESH,
    /** POST /api/orders again with a completed key and the same body: the stored answer. */
    REPLAY
  }

  /** A key sent by a FRESH request that completed, and the exact body it was sent with. */
  record Keyed(String key, String body) {}

  private final HttpClient client;
  private final URI ordersUri;
  private final URI baselineUri;
  private final String authorization;
  private final List<String> skus;
  private final String runId;
  private final AtomicInteger keyCounter = new AtomicInteger();
  private final ConcurrentLinkedQueue<String> errorSamples = new ConcurrentLinkedQueue<>();
  /** The keys that the last FRESH segment completed: what the next REPLAY segment sends. */
  private List<Keyed> lastFresh = List.of();

  FixedRateDriver(String base, String user, String password, List<String> skus, String runId) {
    // A small fixed pool: at 200 requests/s only a handful are ever in flight, and a cached pool
    // would keep creating threads on this 2-core machine for nothing.
    ExecutorService executor =
        Executors.newFixedThreadPool(
            4,
            r -> {
              Thread t = new Thread(r, "driver-http");
              t.setDaemon(true);
              return t;
            });
    this.client =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .executor(executor)
            .build();
    this.ordersUri = URI.create(base + "/api/orders");
    this.baselineUri = URI.create(base + "/api/bench/orders");
    this.authorization =
        "Basic "
            + Base64.getEncoder()
                .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    this.skus = skus;
    this.runId = runId;
  }

  public static void main(String[] args) throws Exception {
    Map<String, String> options = parse(args);
    String base = options.getOrDefault("base", "http://127.0.0.1:9180");
    int rate = Integer.parseInt(options.getOrDefault("rate", "200"));
    int warmupSeconds = Integer.parseInt(options.getOrDefault("warmup", "10"));
    int segmentSeconds = Integer.parseInt(options.getOrDefault("seconds", "2"));
    int rounds = Integer.parseInt(options.getOrDefault("rounds", "15"));
    List<String> skus = Arrays.asList(options.getOrDefault("skus", "BENCH-1").split(","));
    String runId = options.getOrDefault("run-id", Long.toString(System.currentTimeMillis(), 36));

    FixedRateDriver driver =
        new FixedRateDriver(
            base,
            options.getOrDefault("user", "shop-a"),
            options.getOrDefault("password", "shop-a-secret"),
            skus,
            runId);
    driver.preflight();
    driver.run(rate, warmupSeconds, segmentSeconds, rounds);
  }

  /** One request of each kind, so that a misconfigured server fails loudly instead of as noise. */
  void preflight() throws Exception {
    String body = body();
    HttpResponse<Void> baseline =
        client.send(request(Kind.BASELINE, null, body), HttpResponse.BodyHandlers.discarding());
    if (baseline.statusCode() != 201) {
      fail(
          "POST /api/bench/orders answered "
              + baseline.statusCode()
              + " (404 means ICHIDO_BENCH_BASELINE_ENDPOINT=true did not reach the server)");
    }
    String key = newKey();
    HttpResponse<Void> fresh =
        client.send(request(Kind.FRESH, key, body), HttpResponse.BodyHandlers.discarding());
    if (fresh.statusCode() != 201 || replayed(fresh)) {
      fail("fresh POST /api/orders answered " + fresh.statusCode() + " " + fresh.headers().map());
    }
    HttpResponse<Void> replay =
        client.send(request(Kind.REPLAY, key, body), HttpResponse.BodyHandlers.discarding());
    if (replay.statusCode() != 201 || !replayed(replay)) {
      fail("replayed POST /api/orders answered " + replay.statusCode() + " " + replay.headers().map());
    }
  }

  void run(int rate, int warmupSeconds, int segmentSeconds, int rounds) throws Exception {
    // Warm-up: the server's JIT has seen wrk's closed-loop traffic by now, but this JVM has not;
    // its first seconds would be measured as server latency. None with --warmup=0 (bench.sh's
    // smoke run, whose figures mean nothing).
    if (warmupSeconds > 0) {
      for (Kind kind : Kind.values()) {
        List<Keyed> keys = kind == Kind.REPLAY ? lastFresh : List.of();
        segment(kind, rate, Math.max(1, warmupSeconds / 3), keys);
      }
    }
    errorSamples.clear();

    Map<Kind, List<long[]>> perRound = new EnumMap<>(Kind.class);
    Map<Kind, Integer> errors = new EnumMap<>(Kind.class);
    Map<Kind, Integer> late = new EnumMap<>(Kind.class);
    for (Kind kind : Kind.values()) {
      perRound.put(kind, new ArrayList<>());
      errors.put(kind, 0);
      late.put(kind, 0);
    }
    // Many short interleaved segments rather than 30 s of each in a row: on a shared machine a
    // slow patch then hits all three kinds alike instead of skewing the one it happened to meet.
    for (int round = 1; round <= rounds; round++) {
      for (Kind kind : Kind.values()) {
        // Replays use the keys that this round's FRESH segment completed, with their bodies.
        Segment segment = segment(kind, rate, segmentSeconds, kind == Kind.REPLAY ? lastFresh : List.of());
        perRound.get(kind).add(segment.latenciesNanos);
        errors.merge(kind, segment.errors, Integer::sum);
        late.merge(kind, segment.lateSends, Integer::sum);
        System.out.printf(
            "ROUND %d kind=%s n=%d errors=%d p50_us=%d p99_us=%d late_sends=%d%n",
            round,
            kind.name().toLowerCase(),
            segment.latenciesNanos.length,
            segment.errors,
            percentile(segment.latenciesNanos, 50) / 1000,
            percentile(segment.latenciesNanos, 99) / 1000,
            segment.lateSends);
      }
    }
    for (Kind kind : Kind.values()) {
      long[] all = perRound.get(kind).stream().flatMapToLong(Arrays::stream).sorted().toArray();
      System.out.printf(
          "RESULT kind=%s n=%d errors=%d late_sends=%d p50_us=%d p99_us=%d max_us=%d%n",
          kind.name().toLowerCase(),
          all.length,
          errors.get(kind),
          late.get(kind),
          percentile(all, 50) / 1000,
          percentile(all, 99) / 1000,
          all.length == 0 ? 0 : all[all.length - 1] / 1000);
    }
    // Differences taken round by round, then their median: a stall that hits one segment moves
    // one round's difference, not the result, as it would move a p99 over all the rounds.
    System.out.printf(
        "PAIRED rounds=%d fresh_minus_baseline_p50_us=%d fresh_minus_baseline_p99_us=%d"
            + " replay_minus_baseline_p50_us=%d%n",
        rounds,
        medianDifference(perRound.get(Kind.FRESH), perRound.get(Kind.BASELINE), 50) / 1000,
        medianDifference(perRound.get(Kind.FRESH), perRound.get(Kind.BASELINE), 99) / 1000,
        medianDifference(perRound.get(Kind.REPLAY), perRound.get(Kind.BASELINE), 50) / 1000);
    for (String sample : errorSamples) {
      System.out.println("ERROR " + sample);
    }
  }

  /** What one segment measured; latencies sorted ascending. */
  record Segment(long[] latenciesNanos, int errors, int lateSends) {}

  private Segment segment(Kind kind, int rate, int seconds, List<Keyed> replayKeys)
      throws Exception {
    int count = rate * seconds;
    long periodNanos = TimeUnit.SECONDS.toNanos(1) / rate;
    long[] latencies = new long[count];
    Keyed[] sentKeys = new Keyed[count];
    boolean[] ok = new boolean[count];
    AtomicInteger errors = new AtomicInteger();
    int lateSends = 0;
    List<CompletableFuture<Void>> inFlight = new ArrayList<>(count);

    long start = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(5);
    for (int i = 0; i < count; i++) {
      long intended = start + i * periodNanos;
      long wait;
      while ((wait = intended - System.nanoTime()) > 0) {
        LockSupport.parkNanos(wait);
      }
      if (System.nanoTime() - intended > TimeUnit.MILLISECONDS.toNanos(1)) {
        lateSends++; // this driver fell behind its timetable; the latency still counts from plan
      }
      Keyed keyed =
          switch (kind) {
            case BASELINE -> new Keyed(null, body());
            case FRESH -> new Keyed(newKey(), body());
            case REPLAY -> replayKeys.isEmpty() ? new Keyed(newKey(), body())
                : replayKeys.get(i % replayKeys.size());
          };
      sentKeys[i] = keyed;
      int index = i;
      inFlight.add(
          client
              .sendAsync(request(kind, keyed.key(), keyed.body()), HttpResponse.BodyHandlers.discarding())
              .handle(
                  (response, failure) -> {
                    latencies[index] = System.nanoTime() - intended;
                    String problem = check(kind, response, failure, replayKeys.isEmpty());
                    if (problem == null) {
                      ok[index] = true;
                    } else {
                      errors.incrementAndGet();
                      if (errorSamples.size() < 5) {
                        errorSamples.add(kind.name().toLowerCase() + ": " + problem);
                      }
                    }
                    return null;
                  }));
    }
    CompletableFuture.allOf(inFlight.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);

    if (kind == Kind.FRESH) {
      List<Keyed> completed = new ArrayList<>(count);
      for (int i = 0; i < count; i++) {
        if (ok[i]) {
          completed.add(sentKeys[i]);
        }
      }
      lastFresh = completed;
    }
    // A short quiet gap, so that one segment's stragglers never share the server with the next.
    Thread.sleep(100);
    Arrays.sort(latencies);
    return new Segment(latencies, errors.get(), lateSends);
  }

  private static String check(
      Kind kind, HttpResponse<Void> response, Throwable failure, boolean noReplayKeys) {
    if (failure != null) {
      return failure.toString();
    }
    if (response.statusCode() != 201) {
      return "status " + response.statusCode();
    }
    boolean expectReplay = kind == Kind.REPLAY && !noReplayKeys;
    if (kind != Kind.BASELINE && replayed(response) != expectReplay) {
      return "Idempotency-Replayed was " + replayed(response) + ", expected " + expectReplay;
    }
    return null;
  }

  private static boolean replayed(HttpResponse<?> response) {
    return response.headers().firstValue("Idempotency-Replayed").map("true"::equals).orElse(false);
  }

  private HttpRequest request(Kind kind, String key, String body) {
    HttpRequest.Builder builder =
        HttpRequest.newBuilder(kind == Kind.BASELINE ? baselineUri : ordersUri)
            .timeout(Duration.ofSeconds(10))
            .header("Authorization", authorization)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body));
    if (key != null) {
      builder.header("Idempotency-Key", key);
    }
    return builder.build();
  }

  private String newKey() {
    return "fr-" + runId + "-" + keyCounter.incrementAndGet();
  }

  // Several SKUs, as in a real shop: one shared stock row would make every order queue for its
  // row lock and the benchmark would measure that instead of the layer.
  private String body() {
    String sku = skus.get(ThreadLocalRandom.current().nextInt(skus.size()));
    return "{\"customer\":\"bench\",\"items\":[{\"sku\":\""
        + sku
        + "\",\"quantity\":1}],\"currency\":\"JPY\"}";
  }

  /** Median over rounds of (percentile p of a's round) - (percentile p of b's round). */
  static long medianDifference(List<long[]> a, List<long[]> b, int p) {
    long[] differences = new long[a.size()];
    for (int i = 0; i < differences.length; i++) {
      differences[i] = percentile(a.get(i), p) - percentile(b.get(i), p);
    }
    Arrays.sort(differences);
    int n = differences.length;
    return n % 2 == 1 ? differences[n / 2] : (differences[n / 2 - 1] + differences[n / 2]) / 2;
  }

  /** Nearest-rank percentile of a sorted array. */
  static long percentile(long[] sorted, int p) {
    if (sorted.length == 0) {
      return 0;
    }
    int rank = (int) Math.ceil(p / 100.0 * sorted.length);
    return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
  }

  private static void fail(String message) {
    System.err.println("FixedRateDriver: " + message);
    System.exit(2);
  }

  private static Map<String, String> parse(String[] args) {
    Map<String, String> options = new HashMap<>();
    for (String arg : args) {
      String option = arg.startsWith("--") ? arg.substring(2) : arg;
      int eq = option.indexOf('=');
      options.put(eq < 0 ? option : option.substring(0, eq), eq < 0 ? "" : option.substring(eq + 1));
    }
    return options;
  }
}
