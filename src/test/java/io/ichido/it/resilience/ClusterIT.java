package io.ichido.it.resilience;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.it.support.Api;
import io.ichido.it.support.Await;
import io.ichido.it.support.Db;
import io.ichido.it.support.Delivery;
import io.ichido.it.support.Deployments;
import io.ichido.it.support.Mailbox;
import io.ichido.it.support.OrderJson;
import io.ichido.it.support.Outbox;
import io.ichido.it.support.OwnDeployment;
import io.ichido.it.support.Sandbox;
import io.ichido.it.support.SecondServer;
import io.ichido.it.support.Shopper;
import io.ichido.it.support.SoakSize;
import io.ichido.it.support.Together;
import io.ichido.sandbox.WebhookEvents;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.assertj.core.api.SoftAssertions;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.exporter.ZipExporter;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Two Liberty servers on the one database behind HAProxy, round-robin: the build's {@code
 * ichido-it} and {@code ichido-cluster}, a server of this test's own that it kills with SIGKILL
 * half-way through a soak. The second server starts first, so that it creates and holds the
 * persistent timers; the build's server then deploys the same application (same name: the timers
 * are the application's, shared through the database).
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@OwnDeployment
class ClusterIT {

  private static final String APP = "ichido-cluster";
  private static final String CHARGE = "/api/payments/charge";
  private static final List<String> GATEWAYS = List.of("stripe", "omise", "komoju", "2c2p");

  /**
   * Enough orders that the kill (after two fifths are paid) cuts requests in flight on the second
   * server and leaves it holding some, and that the survivor then carries most of the load alone.
   */
  private static final int SOAK_ORDERS = SoakSize.of(80, 200);

  /** Enough that the restart lands in the middle of requests in flight, and after it some more. */
  private static final int RESTART_SOAK_ORDERS = SoakSize.of(60, 120);

  private static final int SOAK_CLIENTS = 12;

  /**
   * How long the second server reserves a timer run it claimed: Liberty refuses less than 100 s
   * (production has 5 minutes) unless told it is a test, which this server is.
   */
  private static final Duration SECOND_TIMER_CLAIM = Duration.ofSeconds(20);

  private static final SecondServer SECOND =
      new SecondServer(
          "ichido-cluster",
          Integer.getInteger("ichido.clusterHttpPort", 9083),
          Integer.getInteger("ichido.clusterHttpsPort", 9446));
  private static final Mailbox MAILBOX = Mailbox.shared();

  private static LoadBalancer balancer;
  private static Instant killedAt;
  private static List<TimerClaim> claimsAtKill;

  @ArquillianResource Deployer deployer;

  /** Deployed by the test once the second server holds the timers, not before the tests. */
  @Deployment(name = APP, managed = false, testable = false)
  static WebArchive deployment() {
    Map<String, String> config = new HashMap<>(Sandbox.gatewayConfig());
    config.put("ichido.mail.port", Integer.toString(Mailbox.PORT));
    config.put("ichido.mail.poll-interval", "PT1S");
    // Short SMTP timeouts, so a short lease: mail a killed server or a lost database had leased
    // goes out seconds later, as production's two minutes would after a crash.
    config.put("ichido.mail.connect-timeout", "PT1S");
    config.put("ichido.mail.read-timeout", "PT2S");
    config.put("ichido.mail.write-timeout", "PT2S");
    config.put("ichido.mail.lease", "PT6S");
    config.put("ichido.mail.retry-initial", "PT1S");
    config.put("ichido.mail.retry-max", "PT2S");
    config.put("ichido.idempotency.purge.interval", "PT5S");
    config.put("ichido.payments.reconcile.interval", "PT5S");
    // The daily reconciliation with the gateways' lists fires once a day: no run of it could be
    // seen move to the survivor within this test, whose timers must all run after the kill.
    config.put("ichido.reconciliation.enabled", "false");
    return Deployments.appWith(APP, config);
  }

  @BeforeAll
  static void startSecondServer() throws Exception {
    Path war = Files.createDirectories(Path.of("target/cluster")).resolve(APP + ".war");
    deployment().as(ZipExporter.class).exportTo(war.toFile(), true);
    // Short leases, so that a request the kill cut off can be retried within the test: the
    // transaction timeout stays below the key's lease, as the contract asks.
    SECOND.create(war, SecondServer.shortTimers(SECOND_TIMER_CLAIM), SecondServer.SHORT_LEASES);
    SECOND.start();
  }

  @BeforeEach
  void bothServersBehindTheBalancer() throws Exception {
    if (balancer == null) {
      deployer.deploy(APP);
      int first = URI.create(Api.BASE).getPort();
      balancer = LoadBalancer.roundRobin(List.of(first, SECOND.httpPort()));
    }
  }

  @AfterAll
  static void stopCluster() throws Exception {
    if (balancer != null) {
      balancer.stop();
    }
    SECOND.stop();
  }

  @Test
  @Order(1)
  @DisplayName(
      "50 requests with one key across both servers at once: one order, every other answer a replay or 409 in-use")
  void oneKeyAcrossBoth() throws Exception {
    Storms.OneKey storm = Storms.oneKey(50, i -> shop("shop-a"));

    assertThat(servers(storm.answers())).as("answered by both servers").hasSize(2);
    assertThat(Db.factsByKind("order_id", storm.orderId()))
        .as("one set of facts")
        .isEqualTo(Map.of("ORDER_CREATED", 1L, "STOCK_MOVED", 1L));
  }

  @Test
  @Order(2)
  @DisplayName("30 distinct keys across both servers for the last 10 units: exactly 10 orders")
  void lastUnitsAcrossBoth() throws Exception {
    List<HttpResponse<String>> answers =
        Storms.lastUnits(30, i -> shop(i % 2 == 0 ? "shop-a" : "shop-b"));

    assertThat(servers(answers)).as("answered by both servers").hasSize(2);
  }

  @Test
  @Order(3)
  @DisplayName(
      "one signed webhook delivered to both servers at once, twice each: one effect, one email")
  void oneWebhookAtBoth() throws Exception {
    String email = "cluster-" + UUID.randomUUID() + "@example.jp";
    String sku = Db.newProduct(5, 1200, 10);
    JsonNode order = new Shopper(shop("shop-a")).order(sku, 2, OrderJson.customer("cluster-wh"));
    HttpResponse<String> paying =
        shop("shop-a")
            .postJson(
                CHARGE,
                "cluster-pay-" + UUID.randomUUID(),
                Shopper.chargeBody(order, "komoju", "konbini", "", email));
    assertThat(paying.statusCode()).as(paying.body()).isEqualTo(201);
    JsonNode charge = Shopper.json(paying.body());
    long orderId = order.path("id").asLong();
    Delivery captured =
        Delivery.of(
            "komoju",
            WebhookEvents.komoju(
                WebhookEvents.newEventId("komoju"),
                "payment.captured",
                charge.path("charge_id").asText(),
                "ORDER-" + orderId,
                charge.path("amount").asLong(),
                "JPY",
                "captured",
                charge.path("method").asText()));
    List<String> servers = List.of(Api.BASE, SECOND.baseUrl());

    List<HttpResponse<String>> answers = Together.fire(4, i -> captured.sendTo(servers.get(i % 2)));

    assertThat(answers).allMatch(a -> a.statusCode() == 200 || a.statusCode() == 409);
    assertThat(answers).filteredOn(a -> a.body().contains("\"processed\"")).hasSize(1);
    assertThat(
            Shopper.json(shop("shop-a").get("/api/orders/" + orderId).body())
                .path("status")
                .asText())
        .isEqualTo("PAID");
    assertThat(Db.onHand(sku)).isEqualTo(3);
    assertThat(Db.reserved(sku)).isZero();
    assertThat(Db.keys("webhook:komoju", captured.eventId())).isEqualTo(1);
    // Reserved then sold, awaiting payment then paid, one receipt: nothing twice.
    assertThat(Db.factsByKind("order_id", orderId))
        .containsEntry("STOCK_MOVED", 2L)
        .containsEntry("ORDER_STATUS_CHANGED", 2L)
        .containsEntry("EMAIL_QUEUED", 1L);
    assertThat(Db.factsByKind("charge_id", charge.path("charge_id").asText()))
        .containsEntry("WEBHOOK_PROCESSED", 1L)
        .doesNotContainKeys("WEBHOOK_RECEIVED", "WEBHOOK_DUPLICATE");
    assertThat(
            Db.retryTraffic("webhook:komoju", captured.eventId()).values().stream()
                .mapToLong(Long::longValue)
                .sum())
        .as("the three deliveries that lost, on either server: retry traffic beside the log")
        .isEqualTo(3);
    MAILBOX.await(email, 1);
    Outbox.settledFor(orderId);
    assertThat(MAILBOX.to(email)).hasSize(1);
  }

  @Test
  @Order(4)
  @DisplayName(
      "kill -9 of one server mid-soak: charges == paid orders, sums equal, the log intact and every"
          + " fact chained by the survivor")
  void killOneMidSoak() throws Exception {
    soak("cluster-soak", SOAK_ORDERS, ClusterIT::killSecond).everyChargeOnce().assertAll();
  }

  /**
   * {@code orders} orders, each charged by one of 12 clients through the balancer with a key of its
   * own and retried with it until final, spread over the four gateways; {@code midway} runs once
   * two fifths of them are paid.
   */
  private static Soak soak(String name, int orders, Midway midway) throws Exception {
    String sku = Db.newProduct(orders, 1000, 10);
    String customer = OrderJson.customer(name);
    Map<Long, Long> ordered = new ConcurrentHashMap<>();
    Set<String> servedBy = ConcurrentHashMap.newKeySet();
    Map<String, Integer> retriedAfter = new ConcurrentSkipListMap<>();
    AtomicInteger paid = new AtomicInteger();
    AtomicInteger retries = new AtomicInteger();
    int midwayAfter = orders * 2 / 5;
    ExecutorService clients = Executors.newFixedThreadPool(SOAK_CLIENTS);
    long started = System.nanoTime();
    try {
      List<Future<?>> work = new ArrayList<>();
      for (int i = 0; i < orders; i++) {
        String gateway = GATEWAYS.get(i % GATEWAYS.size());
        work.add(
            clients.submit(
                () -> {
                  Shopper shopper = new Shopper(shop("shop-a"));
                  JsonNode order = shopper.order(sku, 1, customer);
                  long orderId = order.get("id").asLong();
                  HttpResponse<String> answer =
                      shopper.untilFinal(
                          CHARGE,
                          name + "-" + UUID.randomUUID(),
                          Shopper.chargeBody(
                              order,
                              gateway,
                              "card",
                              Sandbox.CARD_THAT_PAYS.get(gateway),
                              name + "-" + orderId + "@cluster.example"));
                  assertThat(answer.statusCode()).as(answer.body()).isEqualTo(201);
                  servedBy.add(LoadBalancer.servedBy(answer));
                  ordered.put(orderId, order.get("amount").asLong());
                  retries.addAndGet(shopper.retries());
                  shopper.retriedAfter().forEach((k, n) -> retriedAfter.merge(k, n, Integer::sum));
                  paid.incrementAndGet();
                  return null;
                }));
      }
      Await.until(
          midwayAfter + " orders paid", Duration.ofMinutes(3), () -> paid.get() >= midwayAfter);
      midway.run();
      for (Future<?> f : work) {
        f.get(5, TimeUnit.MINUTES);
      }
    } finally {
      clients.shutdownNow();
    }
    Soak soak =
        new Soak(
            name,
            orders,
            sku,
            customer,
            ordered,
            retriedAfter,
            TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started),
            balancer.baseUrl());
    System.out.printf(
        "Cluster soak %s: orders=%d client-retries=%d %s servers=%s in %d s, midway after %d paid%n",
        name, ordered.size(), retries.get(), retriedAfter, servedBy, soak.seconds(), midwayAfter);
    return soak;
  }

  /** What a soak does once it is well under way. */
  private interface Midway {
    void run() throws Exception;
  }

  @Test
  @Order(5)
  @DisplayName(
      "the persistent timers the killed server held (purge, reconciler) run on the survivor")
  void timersMoveToTheSurvivor() throws Exception {
    killSecond();
    assertThat(claimsAtKill)
        .as("held by the killed server when it died")
        .isNotEmpty()
        .allMatch(c -> c.claimedFor().equals(SECOND_TIMER_CLAIM));
    String scope = "cluster-purge-" + UUID.randomUUID();
    Db.update(
        "INSERT INTO idempotency_key (scope, idem_key, fingerprint, request_method, request_path,"
            + " status, claim_token, locked_until, response_status, created_at, expires_at)"
            + " VALUES (?, 'expired', repeat('0', 64), 'POST', '/x', 'COMPLETED',"
            + " gen_random_uuid(), now() - interval '1 day', 201, now() - interval '2 days',"
            + " now() - interval '1 second')",
        scope);

    Await.until(
        "every timer of " + APP + " to run after the kill",
        Duration.ofMinutes(3),
        () -> TimerClaim.of(APP).stream().allMatch(c -> c.lastStart().isAfter(killedAt)));

    Map<String, Long> after =
        TimerClaim.of(APP).stream()
            .collect(
                Collectors.toMap(
                    TimerClaim::name, c -> Duration.between(killedAt, c.lastStart()).toSeconds()));
    System.out.println("Timers first run on the survivor, seconds after the kill: " + after);
    Await.until(
        "the survivor to purge the expired key",
        () -> Db.count("SELECT count(*) FROM idempotency_key WHERE scope = ?", scope) == 0);
  }

  @Test
  @Order(6)
  @DisplayName(
      "PostgreSQL restarted (fast shutdown, start) mid-soak: in-flight requests fail cleanly with 503"
          + " and are retried with their keys, the pool recovers without a server restart,"
          + " readiness goes DOWN and UP, nothing charged twice or lost")
  void databaseRestartMidSoak() throws Exception {
    // After the kill: the survivor alone, its timers included (a restart before the kill would
    // make the killed server's timers miss their runs, and the survivor take them over early).
    ReadinessWatch readiness = ReadinessWatch.of(Map.of("s1", Api.BASE));
    String probeKey = "cluster-probe-" + UUID.randomUUID();
    String probeSku = Db.newProduct(1, 700, 10);
    String probeBody = OrderJson.of(OrderJson.customer("cluster-probe"), probeSku, 1);
    AtomicReference<HttpResponse<String>> whileAway = new AtomicReference<>();

    Soak soak =
        soak(
            "cluster-restart",
            RESTART_SOAK_ORDERS,
            () -> {
              TestPostgres.Stopped stopped = TestPostgres.stop();
              // Straight to the survivor: HAProxy may already have taken it out of rotation
              // (its readiness says DOWN) and answer a 503 of its own, which proves nothing.
              try {
                whileAway.set(Api.as("shop-a").postJson("/api/orders", probeKey, probeBody));
                // Away until the survivor has noticed: a restart, not an outage.
                Await.until(
                    "the survivor's readiness to say the database is away",
                    Duration.ofSeconds(30),
                    () -> readiness.saw("s1", 503));
              } finally {
                stopped.start();
              }
            });
    Map<String, List<Integer>> seen = readiness.stop();
    System.out.println("Readiness while PostgreSQL restarted: " + seen);

    SoftAssertions restart = soak.everyChargeOnce();
    // Not asserted yet: now and then one retried request gets a raw 500 (no problem body) while
    // the database is away; clients retry it like any 5xx, and every invariant above holds. Its
    // source is still to be found (see the closing note of issue 11).
    System.out.println(
        "Raw 500s answered while PostgreSQL restarted: "
            + soak.retriedAfter().getOrDefault("500 (not a problem)", 0));
    HttpResponse<String> refused = whileAway.get();
    restart
        .assertThat(refused.statusCode())
        .as("an order while the database is away: " + refused.body())
        .isEqualTo(503);
    restart
        .assertThat(refused.headers().firstValue("Content-Type"))
        .contains("application/problem+json");
    restart.assertThat(refused.body()).contains("database-unavailable");
    restart.assertThat(refused.headers().firstValue("Retry-After")).isPresent();
    HttpResponse<String> retried =
        new Shopper(shop("shop-a")).untilFinal("/api/orders", probeKey, probeBody);
    restart.assertThat(retried.statusCode()).as(retried.body()).isEqualTo(201);
    restart
        .assertThat(Db.keys("principal:shop-a", probeKey))
        .as("the refused order's key, once")
        .isEqualTo(1);
    restart.assertThat(Db.reserved(probeSku)).as("the probe's unit, reserved once").isEqualTo(1);
    seen.forEach(
        (server, statuses) -> {
          restart.assertThat(statuses).as(server + " readiness went DOWN").contains(503);
          restart
              .assertThat(statuses.get(statuses.size() - 1))
              .as(server + " readiness came back UP without a restart")
              .isEqualTo(200);
        });
    restart.assertAll();
  }

  /** Kills the second server once, noting which timers it held at that moment. */
  private static synchronized void killSecond() throws Exception {
    if (killedAt == null) {
      claimsAtKill = TimerClaim.of(APP);
      SECOND.kill();
      killedAt = Instant.now();
    }
  }

  private static Api shop(String user) {
    return Api.at(balancer.baseUrl(), user);
  }

  private static Set<String> servers(List<HttpResponse<String>> answers) {
    return answers.stream().map(LoadBalancer::servedBy).collect(Collectors.toSet());
  }
}
