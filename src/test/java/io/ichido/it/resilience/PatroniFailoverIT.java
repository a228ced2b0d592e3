package io.ichido.it.resilience;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.it.support.Api;
import io.ichido.it.support.Await;
import io.ichido.it.support.Deployments;
import io.ichido.it.support.Mailbox;
import io.ichido.it.support.OrderJson;
import io.ichido.it.support.OwnDatabases;
import io.ichido.it.support.Sandbox;
import io.ichido.it.support.SecondServer;
import io.ichido.it.support.ServersOfItsOwn;
import io.ichido.it.support.Shopper;
import io.ichido.it.support.SoakSize;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.assertj.core.api.SoftAssertions;
import org.jboss.shrinkwrap.api.exporter.ZipExporter;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

/**
 * A server of its own on a three-node PostgreSQL cluster under Patroni ({@link PatroniCluster}:
 * etcd as its store, {@code synchronous_mode_strict}, HAProxy in front checking Patroni's {@code
 * /primary}), as the operations guide runs it. Shoppers pay through every gateway, some gateway
 * answers lost, every request retried under its key until final, some orders refunded; half-way,
 * the synchronous standby's PostgreSQL stops (every commit from then on waits for it), and a second
 * later the leader's Patroni and PostgreSQL die by SIGKILL. Nobody promotes anything: Patroni does,
 * once the leader's lock lapses, and the old leader, started again, is rewound and follows. Then
 * every answer a client received must be true on the new leader, and everything else the brief
 * promises.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 10, unit = TimeUnit.MINUTES)
@ServersOfItsOwn
class PatroniFailoverIT {

  private static final String APP = "ichido-failover";
  private static final String SCOPE = "principal:shop-a";
  private static final String CHARGE = "/api/payments/charge";
  private static final List<String> GATEWAYS =
      List.of("stripe", "omise", "komoju", "2c2p", "paypay");
  private static final int ORDERS = SoakSize.of(30, 200);

  /** The orders of each later case: a third before its fault, the rest through and after it. */
  private static final int CASE_ORDERS = SoakSize.of(10, 60);

  private static final int CLIENTS = 8;

  /** Order ids far from the build's database's: the sandbox tells orders apart by id. */
  private static final long FIRST_ORDER_ID = ServersOfItsOwn.FIRST_ORDER_ID;

  private static final SecondServer SERVER =
      new SecondServer(
          APP,
          Integer.getInteger("ichido.failoverHttpPort", 9085),
          Integer.getInteger("ichido.failoverHttpsPort", 9448));

  /** Its own: it runs beside the tests that stop the shared one for a while. */
  private static Mailbox mailbox;

  private static PatroniCluster pair;

  /** The leader the first case kills. */
  private static String oldLeader;

  /** The twin's key sent until final, once the failover is over. */
  private static final AtomicReference<Thread> TWIN_AFTER = new AtomicReference<>();

  /** An answer a client received: the request, and what it said. */
  record Answer(
      String kind, String path, String key, String body, int status, String answer, Instant at) {
    JsonNode json() {
      return Shopper.json(answer);
    }
  }

  @BeforeAll
  static void primaryStandbyAndServer() throws Exception {
    pair =
        PatroniCluster.start(
            Path.of("target/patroni"), Integer.getInteger("ichido.patroniBasePort", 15460), true);
    pair.update(
        "ALTER TABLE customer_order ALTER COLUMN id RESTART WITH " + FIRST_ORDER_ID, List.of());
    mailbox = Mailbox.ofItsOwn(Integer.getInteger("ichido.failoverSmtpPort", 13026));
    Map<String, String> config = Deployments.mailingTheMailbox();
    config.put("ichido.mail.port", Integer.toString(mailbox.port()));
    config.put("ichido.idempotency.purge.interval", "PT2S");
    config.put("ichido.payments.reconcile.interval", "PT2S");
    config.put("ichido.payments.reconcile.max-backoff", "PT4S");
    config.put("ichido.audit.checkpoint-interval", "PT1S");
    // Production's lease (two minutes) outlasts a failover; the tests' six seconds would not, and
    // a receipt sent while the database was away would be sent again once it ran out.
    config.put("ichido.mail.lease", "PT60S");
    Path war = Files.createDirectories(Path.of("target/failover")).resolve(APP + ".war");
    Deployments.appWith(APP, config).as(ZipExporter.class).exportTo(war.toFile(), true);
    SERVER.create(
        war,
        "<variable name=\"DB_HOSTS\" value=\"%s\"/>\n".formatted(pair.hosts())
            // The default's 30 s socket timeout made 10: the strict case waits it out.
            + "<variable name=\"DB_OPTIONS\" value=\"targetServerType=primary&amp;"
            + "hostRecheckSeconds=2&amp;connectTimeout=5&amp;loginTimeout=10&amp;"
            + "tcpKeepAlive=true&amp;socketTimeout=10\"/>\n"
            + SecondServer.shortTimers(Duration.ofSeconds(20)),
        SecondServer.SHORT_LEASES);
    SERVER.start();
  }

  @AfterAll
  static void stopAll() throws Exception {
    SERVER.stop();
    if (pair != null) {
      try (Connection primary = pair.connectToPrimary()) {
        OwnDatabases.noteCharges(primary);
      } finally {
        pair.close();
      }
    }
    if (mailbox != null) {
      mailbox.stop();
    }
  }

  @Test
  @Order(1)
  @DisplayName(
      "the primary killed mid-soak, the standby promoted: every answer given is true on the new"
          + " primary, every order charged once, the log's chain and every checkpoint kept")
  void failoverMidSoak() throws Exception {
    String sku = newProduct(ORDERS, 1000, 10);
    String customer = OrderJson.customer("failover");
    Queue<Answer> answers = new ConcurrentLinkedQueue<>();
    Map<Long, Long> ordered = new ConcurrentHashMap<>();
    Set<Long> refunded = ConcurrentHashMap.newKeySet();
    AtomicInteger paid = new AtomicInteger();
    AtomicInteger retries = new AtomicInteger();
    Map<String, Integer> retriedAfter = new ConcurrentHashMap<>();
    Checkpoints checkpoints = Checkpoints.watch(SERVER.baseUrl());
    ReadinessWatch readiness = ReadinessWatch.of(Map.of(APP, SERVER.baseUrl()));
    List<String> shoppersFailed = new ArrayList<>();
    Instant killedAt;
    Instant promotedAt;
    ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
    try {
      List<Future<?>> work = new ArrayList<>();
      for (int i = 0; i < ORDERS; i++) {
        String gateway = GATEWAYS.get(i % GATEWAYS.size());
        // PayPay's lost create answer ends the attempt declined (no customer saw its code), a
        // final answer of its own that proves nothing here.
        boolean loseAnswer = i % 3 == 0 && !gateway.equals("paypay");
        boolean refund = i % 4 == 1 && !gateway.equals("paypay");
        work.add(
            clients.submit(
                () -> {
                  Shopper shopper = new Shopper(shop());
                  JsonNode order =
                      send(
                              shopper,
                              "order",
                              "/api/orders",
                              "failover-order-" + UUID.randomUUID(),
                              OrderJson.of(customer, sku, 1),
                              answers)
                          .json();
                  long orderId = order.path("id").asLong();
                  ordered.put(orderId, order.path("amount").asLong());
                  // Its webhooks would go to the build's server, which knows no such order: the
                  // server learns every outcome by reading back (the answer, the sweep).
                  Sandbox.webhookDelivery(gateway, orderId, "never", 0);
                  if (loseAnswer) {
                    Sandbox.fault(gateway, orderId, "drop", 1, 0);
                  }
                  Answer charge =
                      send(
                          shopper,
                          "charge",
                          CHARGE,
                          "failover-pay-" + UUID.randomUUID(),
                          Shopper.chargeBody(
                              order,
                              gateway,
                              gateway.equals("paypay") ? "paypay" : "card",
                              Sandbox.CARD_THAT_PAYS.getOrDefault(gateway, ""),
                              customerEmail(orderId)),
                          answers);
                  if (gateway.equals("paypay")) {
                    Sandbox.complete("paypay", charge.json().path("charge_id").asText());
                  }
                  Await.until(
                      "order " + orderId + " paid",
                      Duration.ofMinutes(2),
                      () -> "PAID".equals(status(orderId)));
                  if (refund) {
                    send(
                        shopper,
                        "refund",
                        "/api/orders/" + orderId + "/refunds",
                        "failover-refund-" + UUID.randomUUID(),
                        "{\"amount\":100,\"reason\":\"a cup arrived chipped\"}",
                        answers);
                    refunded.add(orderId);
                  }
                  retries.addAndGet(shopper.retries());
                  shopper.retriedAfter().forEach((k, n) -> retriedAfter.merge(k, n, Integer::sum));
                  paid.incrementAndGet();
                  return null;
                }));
      }
      int midway = ORDERS * 2 / 5;
      Await.until(midway + " orders paid", Duration.ofMinutes(3), () -> paid.get() >= midway);
      // The standby falls behind: with a synchronous one, every commit from now on waits for it
      // and none is acknowledged; with an asynchronous one, they are acknowledged all the same.
      // Made while writes still commit: from the stall on, none would be acknowledged.
      String twinSku = newProduct(1, 700, 10);
      oldLeader = pair.leader().orElseThrow();
      String standby = pair.synchronousStandby().orElseThrow();
      pair.freezeDatabase(standby);
      Instant stalledAt = Instant.now();
      try {
        replayWhileTheStandbyLags(twinSku, answers);
      } finally {
        // Whatever the twin did, the leader dies: a stalled cluster left running hangs every write.
        Thread.sleep(Math.max(0, 1_500 - Duration.between(stalledAt, Instant.now()).toMillis()));
        killedAt = Instant.now();
        pair.kill(oldLeader);
        // The standby runs again, without what the leader was waiting to send it.
        pair.thawDatabase(standby);
      }
      Await.until(
          "readiness to say no primary answers",
          Duration.ofSeconds(30),
          () -> readiness.saw(APP, 503));
      String newLeader = pair.awaitLeader(Duration.ofSeconds(60), oldLeader);
      promotedAt = Instant.now();
      System.out.printf(
          "Patroni promoted %s %d ms after %s was killed: %s%n",
          newLeader, Duration.between(killedAt, promotedAt).toMillis(), oldLeader, pair.describe());
      if (TWIN_AFTER.get() != null) {
        TWIN_AFTER.get().start();
      }
      for (Future<?> f : work) {
        try {
          f.get(5, TimeUnit.MINUTES);
        } catch (ExecutionException shopperFailed) {
          // Judged below with the rest: a run that loses data must still say all it lost.
          shoppersFailed.add(String.valueOf(shopperFailed.getCause().getMessage()));
        }
      }
      if (TWIN_AFTER.get() != null) {
        TWIN_AFTER.get().join(TimeUnit.MINUTES.toMillis(2));
      }
    } finally {
      clients.shutdownNow();
    }
    Await.until("readiness UP again", Duration.ofSeconds(30), () -> readiness.last(APP) == 200);
    List<ReadinessWatch.Change> changes = readiness.stopTimed().get(APP);
    List<JsonNode> signed = checkpoints.stop();

    SoftAssertions failover = new SoftAssertions();
    // Before the replays below, which run again what the new primary has no trace of.
    Map<Long, List<JsonNode>> charges = chargesAtTheGateways(ordered.keySet());
    List<Answer> given = List.copyOf(answers);
    List<String> lost = new ArrayList<>();
    for (Answer a : given) {
      lost.addAll(untrue(a));
    }
    Instant firstPayment =
        given.stream()
            .filter(a -> a.kind().equals("charge") && a.at().isAfter(killedAt))
            .map(Answer::at)
            .min(Instant::compareTo)
            .orElse(null);
    long acknowledgedBeforeKill =
        given.stream().filter(a -> a.kind().equals("charge") && a.at().isBefore(killedAt)).count();
    long chargedTwice = charges.values().stream().filter(c -> c.size() > 1).count();
    System.out.printf(
        "Failover (Patroni, strict synchronous): orders=%d answers=%d (charges acknowledged before the kill %d),"
            + " client retries=%d %s; kill to promotion %d ms, kill to first payment %s ms;"
            + " readiness %s; checkpoints seen %d; untrue answers %d; shoppers failed %d;"
            + " charged twice %d%n",
        ordered.size(),
        given.size(),
        acknowledgedBeforeKill,
        retries.get(),
        retriedAfter,
        Duration.between(killedAt, promotedAt).toMillis(),
        firstPayment == null ? "-" : Duration.between(killedAt, firstPayment).toMillis(),
        ReadinessWatch.describe(changes, killedAt),
        signed.size(),
        lost.size(),
        shoppersFailed.size(),
        chargedTwice);
    lost.forEach(l -> System.out.println("Untrue after the failover: " + l));
    shoppersFailed.forEach(f -> System.out.println("A shopper failed: " + f));
    failover.assertThat(lost).as("answers given that the new primary does not bear out").isEmpty();
    failover.assertThat(shoppersFailed).as("shoppers who could not finish").isEmpty();
    failover.assertThat(ordered).hasSize(ORDERS);
    failover.assertThat(charges).as("orders charged at the gateway").hasSize(ORDERS);
    failover.assertThat(chargedTwice).as("orders charged more than once").isZero();
    for (Map.Entry<Long, List<JsonNode>> c : charges.entrySet()) {
      failover
          .assertThat(c.getValue().get(0).path("amount").asLong())
          .as("order %d charged its amount", c.getKey())
          .isEqualTo(ordered.get(c.getKey()));
    }
    failover
        .assertThat(
            count(
                "SELECT count(*) FROM customer_order WHERE customer = ?"
                    + " AND status IN ('PAID', 'PARTIALLY_REFUNDED')",
                customer))
        .as("paid orders on the new primary")
        .isEqualTo(ORDERS);
    failover.assertThat(count("SELECT reserved FROM stock WHERE sku = ?", sku)).isZero();
    failover.assertThat(count("SELECT on_hand FROM stock WHERE sku = ?", sku)).isZero();
    failover.assertThat(changes).as("readiness").isNotEmpty();
    failover.assertThat(firstPayment).as("a payment after the kill").isNotNull();
    // The log: every fact chained on the new primary, the chain whole, and every checkpoint
    // signed before the failover a prefix of it.
    failover
        .assertThat(
            eventually(
                () -> count("SELECT count(*) FROM payment_log_pending") == 0,
                Duration.ofSeconds(30)))
        .as("every fact chained by the new primary's sequencer")
        .isTrue();
    JsonNode report =
        Shopper.json(
            Api.at(SERVER.baseUrl(), "auditor").get("/api/audit/payment-log/verify").body());
    failover.assertThat(report.path("intact").asBoolean()).as(report.toString()).isTrue();
    for (JsonNode checkpoint : signed) {
      failover
          .assertThat(
              text("SELECT hash FROM payment_log WHERE seq = ?", checkpoint.path("seq").asLong()))
          .as("the chain at checkpoint %s", checkpoint)
          .isEqualTo(checkpoint.path("hash").asText());
    }
    failover.assertThat(signed).as("checkpoints signed during the soak").isNotEmpty();
    // One receipt per order, and one return invoice per refund: no mail twice, none missing.
    for (long orderId : ordered.keySet()) {
      String address = customerEmail(orderId);
      int expected = refunded.contains(orderId) ? 2 : 1;
      failover
          .assertThat(eventually(() -> mailbox.count(address) >= expected, Duration.ofSeconds(30)))
          .as("mail to %s", address)
          .isTrue();
    }
    Thread.sleep(2_000); // a second copy would come within the outbox's next poll
    for (long orderId : ordered.keySet()) {
      String address = customerEmail(orderId);
      failover
          .assertThat(mailbox.count(address))
          .as("mail to %s", address)
          .isEqualTo(refunded.contains(orderId) ? 2 : 1);
    }
    // The old leader started again: Patroni rewinds it onto the new leader's timeline and it
    // follows, so the cluster has its synchronous standby again.
    Instant restarted = Instant.now();
    pair.startNode(oldLeader);
    pair.awaitStreaming(2, Duration.ofSeconds(120));
    System.out.printf(
        "%s rejoined as a standby in %d ms: %s%n",
        oldLeader, Duration.between(restarted, Instant.now()).toMillis(), pair.describe());
    failover.assertThat(pair.role(oldLeader)).as("the old leader's role").contains("replica");
    failover.assertAll();
  }

  @Test
  @Order(2)
  @DisplayName("after the failover the timers run on the new primary: the purge, the reconciler")
  void timersOnTheNewPrimary() throws Exception {
    Instant now = Instant.now();
    String scope = "failover-purge-" + UUID.randomUUID();
    pair.update(
        "INSERT INTO idempotency_key (scope, idem_key, fingerprint, request_method, request_path,"
            + " status, claim_token, locked_until, response_status, created_at, expires_at)"
            + " VALUES (?, 'expired', repeat('0', 64), 'POST', '/x', 'COMPLETED',"
            + " gen_random_uuid(), now() - interval '1 day', 201, now() - interval '2 days',"
            + " now() - interval '1 second')",
        List.of(scope));
    Await.until(
        "the purge to run on " + pair.leader().orElse("no leader"),
        Duration.ofMinutes(1),
        () -> count("SELECT count(*) FROM idempotency_key WHERE scope = ?", scope) == 0);
    Await.until(
        "every timer to run again",
        Duration.ofMinutes(1),
        () ->
            count(
                    "SELECT count(*) FROM ejbtimer_task WHERE ownr = ? AND prevstart < ?",
                    APP,
                    now.toEpochMilli())
                == 0);
  }

  @Test
  @Order(3)
  @DisplayName(
      "a zombie leader (its machine stopped, another node takes over, then it runs again) is"
          + " demoted and rewound, rejoins as a standby, and no connection reaches it meanwhile")
  void zombieLeader() throws Exception {
    String zombie = pair.leader().orElseThrow();
    String[] newLeader = {null};
    Instant[] times = new Instant[3];
    Routing routing = Routing.watch(pair);
    Shopping shopping =
        shoppersDuring(
            "zombie",
            () -> {
              times[0] = Instant.now();
              pair.freeze(zombie);
              newLeader[0] = pair.awaitLeader(Duration.ofSeconds(60), zombie);
              times[1] = Instant.now();
              pair.thaw(zombie);
            });
    times[2] = Instant.now();
    pair.awaitMember(zombie, "replica", Duration.ofSeconds(120));
    pair.awaitStreaming(2, Duration.ofSeconds(120));
    List<Routing.Seen> seen = routing.stop();
    System.out.printf(
        "Zombie: %s stopped, %s took over %d ms later; %s rejoined as a standby %d ms after it ran"
            + " again; %d connections through HAProxy watched: %s%n",
        zombie,
        newLeader[0],
        Duration.between(times[0], times[1]).toMillis(),
        zombie,
        Duration.between(times[1], Instant.now()).toMillis(),
        seen.size(),
        pair.describe());
    SoftAssertions kept = shopping.kept();
    kept.assertThat(
            seen.stream()
                .filter(s -> s.at().isAfter(times[1]))
                .filter(s -> s.port() == pair.nodes().get(zombie).pgPort())
                .toList())
        .as("connections HAProxy gave the zombie after %s took over", newLeader[0])
        .isEmpty();
    kept.assertThat(seen.stream().filter(Routing.Seen::readOnly).toList())
        .as("connections HAProxy gave a node that takes no writes")
        .isEmpty();
    kept.assertThat(pair.role(zombie)).as("the zombie's role").contains("replica");
    kept.assertAll();
  }

  @Test
  @Order(4)
  @DisplayName(
      "strict synchronous mode: with its only standby gone, the leader acknowledges nothing (a"
          + " 503 with Retry-After once the socket timeout ends its waits), and the key completes once the"
          + " standby returns")
  void noStandbyNoAcknowledgement() throws Exception {
    pair.awaitStreaming(2, Duration.ofSeconds(60));
    String sku = newProduct(1, 800, 10);
    Await.until(
        "Patroni to name a synchronous standby",
        Duration.ofSeconds(30),
        () -> pair.synchronousStandby().isPresent());
    String leader = pair.leader().orElseThrow();
    String last = pair.synchronousStandby().orElseThrow();
    String other =
        pair.nodes().keySet().stream()
            .filter(n -> !n.equals(leader) && !n.equals(last))
            .findFirst()
            .orElseThrow();
    // The asynchronous one first: the synchronous standby is then the leader's only one.
    pair.kill(other);
    pair.kill(last);
    Instant killed = Instant.now();
    String key = "strict-" + UUID.randomUUID();
    String customer = OrderJson.customer("strict");
    String body = OrderJson.of(customer, sku, 1);
    HttpResponse<String> alone = shop().postJson("/api/orders", key, body);
    Duration answeredIn = Duration.between(killed, Instant.now());
    System.out.printf(
        "Strict, no standby: %d %s after %d ms, Retry-After %s%n",
        alone.statusCode(),
        alone.body(),
        answeredIn.toMillis(),
        alone.headers().firstValue("Retry-After").orElse("-"));
    SoftAssertions strict = new SoftAssertions();
    strict.assertThat(alone.statusCode()).as(alone.body()).isEqualTo(503);
    strict.assertThat(alone.headers().firstValue("Retry-After")).isPresent();
    // Each statement left waiting for the standby ends at the socket timeout (10 s here): the
    // claim's commit, then the order's.
    strict.assertThat(answeredIn).as("answered within").isLessThan(Duration.ofSeconds(35));
    pair.startNode(last);
    pair.startNode(other);
    pair.awaitStreaming(2, Duration.ofSeconds(120));
    HttpResponse<String> after = new Shopper(shop()).untilFinal("/api/orders", key, body);
    strict.assertThat(after.statusCode()).as(after.body()).isEqualTo(201);
    strict
        .assertThat(
            untrue(
                new Answer(
                    "order",
                    "/api/orders",
                    key,
                    body,
                    after.statusCode(),
                    after.body(),
                    Instant.now())))
        .isEmpty();
    strict
        .assertThat(count("SELECT count(*) FROM customer_order WHERE customer = ?", customer))
        .as("one order under the key")
        .isOne();
    strict.assertAll();
  }

  /** A fault a case does to the cluster while shoppers pay. */
  @FunctionalInterface
  interface Fault {
    void happen() throws Exception;
  }

  /** What the shoppers of one case did, and what must hold afterwards. */
  record Shopping(
      String sku,
      String customer,
      Map<Long, Long> ordered,
      Queue<Answer> answers,
      List<String> failed) {

    /**
     * Every answer true on the leader now (its key, its replay byte for byte, its order or charge),
     * each order paid and charged once for its amount at its gateway, the stock exact, the log's
     * chain intact, one receipt each.
     */
    SoftAssertions kept() throws Exception {
      SoftAssertions kept = new SoftAssertions();
      Map<Long, List<JsonNode>> charges = chargesAtTheGateways(ordered.keySet());
      List<String> lost = new ArrayList<>();
      for (Answer a : List.copyOf(answers)) {
        lost.addAll(untrue(a));
      }
      lost.forEach(l -> System.out.println("Untrue after the failover: " + l));
      kept.assertThat(lost).as("answers the leader does not bear out").isEmpty();
      kept.assertThat(failed).as("shoppers who could not finish").isEmpty();
      kept.assertThat(charges).as("orders charged at the gateway").hasSize(ordered.size());
      for (Map.Entry<Long, List<JsonNode>> c : charges.entrySet()) {
        kept.assertThat(c.getValue()).as("order %d's charges", c.getKey()).hasSize(1);
        kept.assertThat(c.getValue().get(0).path("amount").asLong())
            .as("order %d charged its amount", c.getKey())
            .isEqualTo(ordered.get(c.getKey()));
      }
      kept.assertThat(
              count(
                  "SELECT count(*) FROM customer_order WHERE customer = ? AND status = 'PAID'",
                  customer))
          .as("paid orders")
          .isEqualTo(ordered.size());
      kept.assertThat(count("SELECT on_hand + reserved FROM stock WHERE sku = ?", sku))
          .as("stock left")
          .isZero();
      kept.assertThat(
              eventually(
                  () -> count("SELECT count(*) FROM payment_log_pending") == 0,
                  Duration.ofSeconds(30)))
          .as("every fact chained")
          .isTrue();
      JsonNode report =
          Shopper.json(
              Api.at(SERVER.baseUrl(), "auditor").get("/api/audit/payment-log/verify").body());
      kept.assertThat(report.path("intact").asBoolean()).as(report.toString()).isTrue();
      for (long orderId : ordered.keySet()) {
        String address = customerEmail(orderId);
        // A receipt leased before the database went away waits out its 60 s lease before it is
        // sent: longer than that, not the 30 s it once waited (one run's zombie case missed one).
        kept.assertThat(eventually(() -> mailbox.count(address) >= 1, Duration.ofSeconds(90)))
            .as("mail to %s", address)
            .isTrue();
      }
      Thread.sleep(2_000); // a second copy would come within the outbox's next poll
      for (long orderId : ordered.keySet()) {
        kept.assertThat(mailbox.count(customerEmail(orderId)))
            .as("mail to %s", customerEmail(orderId))
            .isOne();
      }
      return kept;
    }

    /** Milliseconds from {@code from} to the first 2xx answer given after it, or "-". */
    String firstSuccessAfter(Instant from) {
      return answers.stream()
          .filter(a -> a.at().isAfter(from))
          .map(a -> Long.toString(Duration.between(from, a.at()).toMillis()))
          .min(java.util.Comparator.comparingLong(Long::parseLong))
          .orElse("-");
    }
  }

  /**
   * {@link #CASE_ORDERS} orders, each paid through the next gateway by one of the shoppers (every
   * request retried under its key until final); once a third are paid, {@code fault} happens, and
   * the shoppers go on through it.
   */
  private static Shopping shoppersDuring(String name, Fault fault) throws Exception {
    String sku = newProduct(CASE_ORDERS, 900, 10);
    String customer = OrderJson.customer("failover-" + name);
    Shopping shopping =
        new Shopping(
            sku,
            customer,
            new ConcurrentHashMap<>(),
            new ConcurrentLinkedQueue<>(),
            java.util.Collections.synchronizedList(new ArrayList<>()));
    AtomicInteger paid = new AtomicInteger();
    ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
    try {
      List<Future<?>> work = new ArrayList<>();
      for (int i = 0; i < CASE_ORDERS; i++) {
        String gateway = GATEWAYS.get(i % GATEWAYS.size());
        work.add(
            clients.submit(
                () -> {
                  payOne(shopping, gateway);
                  paid.incrementAndGet();
                  return null;
                }));
      }
      Await.until(
          CASE_ORDERS / 3 + " orders paid",
          Duration.ofMinutes(2),
          () -> paid.get() >= CASE_ORDERS / 3);
      fault.happen();
      for (Future<?> f : work) {
        try {
          f.get(5, TimeUnit.MINUTES);
        } catch (ExecutionException shopperFailed) {
          shopping.failed().add(String.valueOf(shopperFailed.getCause().getMessage()));
        }
      }
    } finally {
      clients.shutdownNow();
    }
    return shopping;
  }

  /** One order of one unit, paid through {@code gateway} and seen paid. */
  private static void payOne(Shopping shopping, String gateway) {
    Shopper shopper = new Shopper(shop());
    JsonNode order =
        send(
                shopper,
                "order",
                "/api/orders",
                "failover-order-" + UUID.randomUUID(),
                OrderJson.of(shopping.customer(), shopping.sku(), 1),
                shopping.answers())
            .json();
    long orderId = order.path("id").asLong();
    shopping.ordered().put(orderId, order.path("amount").asLong());
    Sandbox.webhookDelivery(gateway, orderId, "never", 0);
    String body =
        Shopper.chargeBody(
            order,
            gateway,
            gateway.equals("paypay") ? "paypay" : "card",
            Sandbox.CARD_THAT_PAYS.getOrDefault(gateway, ""),
            customerEmail(orderId));
    if (gateway.equals("paypay")) {
      // A PayPay code whose create's answer was lost with the database is cancelled, and the
      // attempt declined (link_lost: no customer saw it): the customer starts again, as told,
      // under a new key.
      HttpResponse<String> code;
      String key;
      do {
        key = "failover-pay-" + UUID.randomUUID();
        code = shopper.untilFinal(CHARGE, key, body);
      } while (code.statusCode() == 402 && code.body().contains("link_lost"));
      if (code.statusCode() != 201) {
        throw new AssertionError("charge " + key + ": " + code.statusCode() + " " + code.body());
      }
      shopping
          .answers()
          .add(new Answer("charge", CHARGE, key, body, 201, code.body(), Instant.now()));
      Sandbox.complete("paypay", Shopper.json(code.body()).path("charge_id").asText());
    } else {
      send(
          shopper, "charge", CHARGE, "failover-pay-" + UUID.randomUUID(), body, shopping.answers());
    }
    Await.until(
        "order " + orderId + " paid", Duration.ofMinutes(2), () -> "PAID".equals(status(orderId)));
  }

  /**
   * Where HAProxy sends connections, as the application's pool would get them: one every 100 ms,
   * asked which node it reached and whether that node takes writes.
   */
  static final class Routing {

    /** One connection: when, to which node's port, and whether that node was in recovery. */
    record Seen(Instant at, int port, boolean readOnly) {}

    private final List<Seen> seen = java.util.Collections.synchronizedList(new ArrayList<>());
    private final Poller poller;

    private Routing(PatroniCluster cluster) {
      poller =
          Poller.every(
              Duration.ofMillis(100),
              "failover-routing",
              () -> {
                try (Connection c = cluster.connectToPrimary();
                    java.sql.Statement sql = c.createStatement()) {
                  sql.execute("SET statement_timeout = '1s'");
                  try (ResultSet row =
                      sql.executeQuery("SELECT inet_server_port(), pg_is_in_recovery()")) {
                    row.next();
                    seen.add(new Seen(Instant.now(), row.getInt(1), row.getBoolean(2)));
                  }
                } catch (SQLException noLeader) {
                  // refused or cut: no node to write to, which is no harm
                }
              });
    }

    static Routing watch(PatroniCluster cluster) {
      return new Routing(cluster);
    }

    List<Seen> stop() throws InterruptedException {
      poller.stop();
      return List.copyOf(seen);
    }
  }

  /**
   * An order sent while the standby lags, and its twin (the same key) sent again while the first
   * waits at its commit for the standby. PostgreSQL shows a commit to other sessions only once the
   * standby has confirmed it (or once its wait is cancelled: see the operations guide), so the twin
   * must not be answered from it; if it is answered at all, the answer joins those the new primary
   * must bear out. Once the failover is over, the key is sent until final: its answer too must be
   * true.
   */
  private static void replayWhileTheStandbyLags(String sku, Queue<Answer> answers)
      throws Exception {
    String key = "failover-twin-" + UUID.randomUUID();
    String body = OrderJson.of(OrderJson.customer("failover-twin"), sku, 1);
    Thread first = new Thread(() -> quickly(key, body, Duration.ofSeconds(60)), "failover-first");
    first.setDaemon(true);
    first.start();
    // Its claim commits at once (it waits for nobody: the order's commit makes it durable), so
    // the key shows; the order itself then waits at its commit.
    Await.until(
        "the first's claim on the primary",
        Duration.ofSeconds(10),
        () ->
            text("SELECT status FROM idempotency_key WHERE scope = ? AND idem_key = ?", SCOPE, key)
                != null);
    Thread.sleep(300);
    HttpResponse<String> twin = quickly(key, body, Duration.ofMillis(800));
    if (twin != null && twin.statusCode() < 300) {
      answers.add(
          new Answer(
              "order", "/api/orders", key, body, twin.statusCode(), twin.body(), Instant.now()));
    }
    System.out.println(
        "The twin of a commit the standby had not confirmed: "
            + (twin == null ? "no answer" : twin.statusCode() + " " + twin.body()));
    Thread after =
        new Thread(
            () -> {
              HttpResponse<String> last = new Shopper(shop()).untilFinal("/api/orders", key, body);
              answers.add(
                  new Answer(
                      "order",
                      "/api/orders",
                      key,
                      body,
                      last.statusCode(),
                      last.body(),
                      Instant.now()));
            },
            "failover-twin-after");
    after.setDaemon(true);
    TWIN_AFTER.set(after);
  }

  /** Sent once with {@code timeout}: the answer, or null for none in time. */
  private static HttpResponse<String> quickly(String key, String body, Duration timeout) {
    try {
      return Api.send(
          shop()
              .request("/api/orders")
              .timeout(timeout)
              .header("Content-Type", "application/json")
              .header("Idempotency-Key", key)
              .POST(HttpRequest.BodyPublishers.ofString(body))
              .build());
    } catch (RuntimeException noAnswer) {
      return null;
    }
  }

  /**
   * The money each order's payments took, as the sandbox's ledger has it: the card gateways file a
   * charge under the order's reference; PayPay under the merchant payment id, the charge id of one
   * of the order's attempts.
   */
  private static Map<Long, List<JsonNode>> chargesAtTheGateways(Set<Long> orders) {
    Map<Long, List<JsonNode>> charges = new HashMap<>(Sandbox.successfulChargesByOrder(orders));
    charges.values().forEach(c -> c.removeIf(e -> e.path("gateway").asText().equals("paypay")));
    charges.values().removeIf(List::isEmpty);
    Map<String, Long> paypayKeys = new HashMap<>();
    for (long order : orders) {
      for (String key :
          texts(
              "SELECT gateway_charge_id FROM charge_attempt WHERE order_id = ? AND gateway ="
                  + " 'paypay' AND gateway_charge_id IS NOT NULL",
              order)) {
        paypayKeys.put(key, order);
      }
    }
    for (JsonNode entry : Sandbox.ledger()) {
      Long order = paypayKeys.get(entry.path("reference").asText());
      if (order != null
          && Set.of("paid", "partially_refunded", "refunded")
              .contains(entry.path("status").asText())) {
        charges.computeIfAbsent(order, o -> new ArrayList<>()).add(entry);
      }
    }
    return charges;
  }

  /** What in the new primary contradicts answer {@code a}, one line per fact. */
  private static List<String> untrue(Answer a) {
    List<String> wrong = new ArrayList<>();
    if (a.status() >= 300) {
      return wrong;
    }
    JsonNode said = a.json();
    String key =
        text(
            "SELECT status || ' ' || response_status FROM idempotency_key"
                + " WHERE scope = ? AND idem_key = ?",
            SCOPE,
            a.key());
    if (!("COMPLETED " + a.status()).equals(key)) {
      wrong.add(a.kind() + " " + a.key() + ": key " + key + ", answered " + a.status());
    }
    HttpResponse<String> replay = shop().postJson(a.path(), a.key(), a.body());
    if (replay.statusCode() != a.status() || !replay.body().equals(a.answer())) {
      wrong.add(a.kind() + " " + a.key() + ": replay " + replay.statusCode() + " " + replay.body());
    }
    switch (a.kind()) {
      case "order" -> {
        long amount =
            count("SELECT amount FROM customer_order WHERE id = ?", said.path("id").asLong());
        if (amount != said.path("amount").asLong()) {
          wrong.add("order " + said.path("id") + ": amount " + amount + " on the new primary");
        }
      }
      case "charge" -> {
        long attempts =
            count(
                "SELECT count(*) FROM charge_attempt WHERE order_id = ? AND gateway_charge_id = ?",
                said.path("order_id").asLong(),
                said.path("charge_id").asText());
        if (attempts != 1) {
          wrong.add("charge " + said.path("charge_id") + ": " + attempts + " attempts bear it");
        }
      }
      case "refund" -> {
        long refunds =
            count(
                "SELECT count(*) FROM gateway_refund WHERE order_id = ? AND amount = ?",
                said.path("order_id").asLong(),
                said.path("amount").asLong());
        if (refunds != 1) {
          wrong.add("refund " + said.path("refund_id") + ": " + refunds + " refunds bear it");
        }
      }
      default -> throw new IllegalStateException(a.kind());
    }
    return wrong;
  }

  private static Answer send(
      Shopper shopper, String kind, String path, String key, String body, Queue<Answer> answers) {
    HttpResponse<String> answer = shopper.untilFinal(path, key, body);
    if (answer.statusCode() != 201) {
      throw new AssertionError(kind + " " + key + ": " + answer.statusCode() + " " + answer.body());
    }
    Answer given =
        new Answer(kind, path, key, body, answer.statusCode(), answer.body(), Instant.now());
    answers.add(given);
    return given;
  }

  private static String customerEmail(long orderId) {
    return "failover-" + orderId + "@failover.example";
  }

  private static Api shop() {
    return Api.at(SERVER.baseUrl(), "shop-a");
  }

  /** The order's status, null while the server cannot say; an order gone is an error at once. */
  private static String status(long orderId) {
    HttpResponse<String> order = shop().get("/api/orders/" + orderId);
    if (order.statusCode() == 404) {
      throw new AssertionError("order " + orderId + " is gone: " + order.body());
    }
    return order.statusCode() == 200 ? Shopper.json(order.body()).path("status").asText() : null;
  }

  private static String newProduct(int onHand, long unitPrice, int taxRate) {
    String sku = "FO-" + UUID.randomUUID().toString().substring(0, 18).toUpperCase();
    pair.update(
        "INSERT INTO product (sku, name, unit_price, tax_rate) VALUES (?, ?, ?, ?)",
        List.of(sku, "Failover item " + sku, unitPrice, taxRate));
    pair.update(
        "INSERT INTO stock (sku, on_hand, reserved) VALUES (?, ?, 0)", List.of(sku, onHand));
    return sku;
  }

  private static long count(String sql, Object... args) {
    String value = text(sql, args);
    return value == null ? 0 : Long.parseLong(value);
  }

  /** The first column of the first row on whichever server is primary now, or null. */
  private static String text(String sql, Object... args) {
    List<String> all = texts(sql, args);
    return all.isEmpty() ? null : all.get(0);
  }

  /** The first column of every row on whichever server is primary now. */
  private static List<String> texts(String sql, Object... args) {
    try (Connection c = pair.connectToPrimary();
        PreparedStatement query = c.prepareStatement(sql)) {
      for (int i = 0; i < args.length; i++) {
        query.setObject(i + 1, args[i]);
      }
      List<String> values = new ArrayList<>();
      try (ResultSet rows = query.executeQuery()) {
        while (rows.next()) {
          values.add(rows.getString(1));
        }
      }
      return values;
    } catch (SQLException e) {
      throw new IllegalStateException(sql, e);
    }
  }

  private static boolean eventually(java.util.function.BooleanSupplier condition, Duration limit)
      throws InterruptedException {
    long deadline = System.nanoTime() + limit.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        return false;
      }
      Thread.sleep(100);
    }
    return true;
  }

  /**
   * An auditor who reads the newest signed checkpoint five times a second and keeps each one seen:
   * what a verifier outside would hold.
   */
  static final class Checkpoints {

    private final Map<Long, JsonNode> seen = new ConcurrentHashMap<>();
    private final Poller poller;

    private Checkpoints(String base) {
      Api auditor = Api.at(base, "auditor");
      poller =
          Poller.every(
              Duration.ofMillis(200),
              "failover-auditor",
              () -> {
                try {
                  HttpResponse<String> page = auditor.get("/api/audit/checkpoints?size=1");
                  if (page.statusCode() == 200) {
                    for (JsonNode c : Shopper.json(page.body()).path("items")) {
                      seen.putIfAbsent(c.path("seq").asLong(), c);
                    }
                  }
                } catch (RuntimeException noAnswer) {
                  // the database is away: nothing read, nothing kept
                }
              });
    }

    static Checkpoints watch(String base) {
      return new Checkpoints(base);
    }

    List<JsonNode> stop() throws InterruptedException {
      poller.stop();
      return List.copyOf(seen.values());
    }
  }
}
