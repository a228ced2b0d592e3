package io.ichido.it.payments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.it.support.Api;
import io.ichido.it.support.Await;
import io.ichido.it.support.Db;
import io.ichido.it.support.Deployments;
import io.ichido.it.support.OwnDeployment;
import io.ichido.it.support.PaymentLog;
import io.ichido.it.support.Sandbox;
import io.ichido.it.support.Shopper;
import io.ichido.it.support.SoakSize;
import io.ichido.it.support.TimePasses;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.container.annotation.ArquillianTest;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Orders under chaos through all five gateways that includes the faults of "every yen accounted
 * for": searches that lag (index_delay), refused keys (http401), charges slower than our timeout,
 * lost answers, statuses no gateway documented, and (every seventh order) a first answer that names
 * another amount; declined cards that the gateway reports captured after another card paid; Omise
 * 3-D Secure left unfinished and finished after the order lapsed; PayPay codes the customer pays at
 * once. An operator gives back, from the review queue, what could not go back by itself (KOMOJU's
 * refused surplus returns: asked again, or recorded after a portal refund). Then the customers'
 * banks dispute paid orders: at Stripe, lost and won; at 2C2P, charged back.
 *
 * <p>Afterwards, for every order, what the gateways hold (paid minus refunded and held back by a
 * bank) is the order's amount or nothing, never more, its ledger equals the sandbox's charge by
 * charge, every charge is named in the payment log, and no attempt or refund is left in doubt, nor
 * money waiting for a person, once the sweep has run; every order whose charge was answered 201 is
 * paid (refunded, where its bank kept the money), and every order's status is what its ledger rows
 * say.
 *
 * <p>Every request and answer of the shop's client and the operator, what the world did (customers,
 * banks, gateways, portals) and, last, the sandbox's ledger and Ichido's books are written to a
 * {@link SoakRecord} ({@code target/every-yen-soak.jsonl}), and {@link EveryYenChecker} proves the
 * same promises again from that file alone, with none of the app's code.
 *
 * <p>Each round of the five gateways tells one story: every fourth, from the second, a declined
 * card first; every fourth, from the fourth, Omise's abandoned 3-D Secure. 60 orders (12 declined
 * first, 3 abandoned) prove it in {@code ./mvnw verify}; {@code -Psoak} runs the 200 it was written
 * with.
 */
@ArquillianTest
@OwnDeployment
class EveryYenSoakIT {

  private static final int ORDERS = SoakSize.of(60, 200);
  private static final int CLIENTS = 8;
  private static final List<String> GATEWAYS =
      List.of("stripe", "omise", "komoju", "2c2p", "paypay");
  private static final String CHARGE = "/api/payments/charge";

  /** Every charge answered 201, by order: the client was told its payment was taken. */
  private static final Map<Long, String> ACKNOWLEDGED = new ConcurrentHashMap<>();

  /** Every request and answer, what the world did, and at the end the books, for the checker. */
  private static final SoakRecord RECORD =
      SoakRecord.to(
          Path.of(System.getProperty("ichido.soak.record", "target/every-yen-soak.jsonl")));

  /** The shop's client and the operator, each exchange of theirs written down. */
  private static final Api SHOP = Api.as("shop-a").witnessedBy(RECORD);

  private static final Api OPERATOR = Api.as("operator").witnessedBy(RECORD);

  @Deployment(testable = false)
  static WebArchive deployment() {
    Map<String, String> config = new HashMap<>(Sandbox.gatewayConfig());
    // Longer than chaos's slow charges and lagging searches (2.5 s), as production's hour is
    // longer than Omise's: a charge still being made, or not indexed yet, is never 'never made'.
    config.put("ichido.gateway.omise.lookup-after", "PT15S");
    config.put("ichido.gateway.stripe.lookup-after", "PT15S");
    config.put("ichido.payments.reconcile.interval", "PT2S");
    config.put("ichido.payments.reconcile.max-backoff", "PT4S");
    config.put("ichido.payments.payment-window", "PT20S");
    return Deployments.appWith("ichido-every-yen-soak", config);
  }

  /** What the sandbox does to 15 % of each order's calls. */
  private static final List<String> CHAOS =
      List.of(
          "reset",
          "http500",
          "http429",
          "http401",
          "timeout",
          "drop",
          "delay",
          "slow",
          "index_delay",
          // Statuses no gateway documented: no answer, left in doubt, never believed.
          "alter_status");

  /** The first try's key, then on every retry a coin decides: the same key or a new one. */
  private static Supplier<String> carelessKeys() {
    String[] key = {"yen-" + UUID.randomUUID()};
    boolean[] first = {true};
    return () -> {
      if (!first[0] && ThreadLocalRandom.current().nextBoolean()) {
        key[0] = "yen-" + UUID.randomUUID();
      }
      first[0] = false;
      return key[0];
    };
  }

  /** How the customer of order {@code i} pays. */
  enum Story {
    /** Pays by card, retrying carelessly. */
    PAYS,
    /** A declined card first, then one that pays; the gateway reports the first captured later. */
    DECLINED_THEN_PAID,
    /** 3-D Secure never finished; the customer finishes it after the order lapsed. */
    ABANDONED
  }

  /** Order {@code i}'s story: the gateways take turns, and each round of them tells one. */
  static Story story(int i, String gateway) {
    int round = i / GATEWAYS.size();
    if (gateway.equals("paypay")) {
      // A code is paid or not: there is no card to decline, nor 3-D Secure to leave unfinished.
      return Story.PAYS;
    }
    if (round % 4 == 1) {
      return Story.DECLINED_THEN_PAID;
    }
    if (round % 4 == 3 && gateway.equals("omise")) {
      return Story.ABANDONED;
    }
    return Story.PAYS;
  }

  @Test
  @DisplayName(
      "chaos with lagging searches, refused keys, unknown statuses, lying amounts and late"
          + " captures, and an operator for what cannot go back by itself: per order the gateways"
          + " hold its amount or nothing, its ledger equals theirs, every charge logged, nothing"
          + " left in doubt or waiting")
  void soak() throws Exception {
    String sku = Db.newProduct(ORDERS, 1280, 10);
    Map<Long, Long> amounts = new ConcurrentHashMap<>();
    Map<Long, Story> stories = new ConcurrentHashMap<>();
    Map<Long, String> gateways = new ConcurrentHashMap<>();
    ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
    long started = System.nanoTime();
    List<Long> placed = new CopyOnWriteArrayList<>();
    try {
      List<Future<?>> work = new ArrayList<>();
      for (int i = 0; i < ORDERS; i++) {
        String gateway = GATEWAYS.get(i % GATEWAYS.size());
        Story story = story(i, gateway);
        long seed = 20261201L + i;
        boolean lies = i % 7 == 3;
        work.add(
            clients.submit(
                () -> {
                  // Each order paid as soon as it is placed (its 20 s window starts then), under
                  // chaos of its own: the sandbox fails only this test's calls.
                  JsonNode order = new Shopper(SHOP).order(sku, 1);
                  long orderId = order.get("id").asLong();
                  placed.add(orderId);
                  Sandbox.chaos(0.15, seed, CHAOS, 2500, List.of(orderId));
                  if (lies) {
                    // The first answer about its payment names another amount: read back, the
                    // gateway says what it took. (Chaos draws no lies: two that agreed would be
                    // a gateway that means them.)
                    Sandbox.fault(gateway, orderId, "alter_amount", 1, 0);
                  }
                  pay(order, gateway, story, amounts, stories, gateways);
                  return null;
                }));
      }
      for (Future<?> f : work) {
        f.get(10, TimeUnit.MINUTES);
      }
    } finally {
      clients.shutdownNow();
      Sandbox.calm(placed);
    }

    // The gateways report the declined cards captured after all, and the abandoned 3-D Secure
    // finished, once the orders lapsed.
    Set<Long> abandoned = ordersOf(stories, Story.ABANDONED);
    // Their window passes now rather than 20 s after each was placed.
    abandoned.forEach(TimePasses::paymentWindowCloses);
    Await.until(
        "the abandoned orders to lapse",
        Duration.ofSeconds(90),
        () -> abandoned.stream().allMatch(id -> "EXPIRED".equals(status(id))));
    int late = 0;
    for (long orderId : amounts.keySet()) {
      Story story = stories.get(orderId);
      // 2C2P refunds are not spoken here: its surplus waits for an operator (below).
      if (story == Story.PAYS) {
        continue;
      }
      for (JsonNode charge : Sandbox.charges(orderId)) {
        String ledgerStatus = charge.path("status").asText();
        if ((story == Story.DECLINED_THEN_PAID && ledgerStatus.equals("failed"))
            || (story == Story.ABANDONED && ledgerStatus.equals("pending"))) {
          if (gateways.get(orderId).equals("komoju")) {
            // KOMOJU refuses to give the surplus back: it waits for an operator.
            Sandbox.fault("komoju", orderId, "refuse_refund", 1, 0);
          }
          Sandbox.succeedLate(gateways.get(orderId), charge.path("id").asText());
          RECORD.world(
              "gateway",
              "captures late",
              gateways.get(orderId),
              orderId,
              charge.path("id").asText());
          late++;
        }
      }
    }

    String ids = amounts.keySet().stream().map(String::valueOf).collect(Collectors.joining(","));
    Await.until(
        "no attempt or refund left in doubt",
        Duration.ofSeconds(120),
        () ->
            Db.count(
                        "SELECT count(*) FROM charge_attempt WHERE order_id IN ("
                            + ids
                            + ") AND status IN ('STARTED', 'UNKNOWN', 'REQUIRES_ACTION')")
                    + Db.count(
                        "SELECT count(*) FROM gateway_refund WHERE order_id IN ("
                            + ids
                            + ") AND status IN ('STARTED', 'UNKNOWN')")
                == 0);
    int byOperator = operatorGivesBack(amounts.keySet(), gateways);
    Await.until(
        "every surplus to go back",
        Duration.ofSeconds(60),
        () ->
            Db.count(
                    "SELECT count(*) FROM charge_attempt WHERE order_id IN ("
                        + ids
                        + ") AND status = 'SURPLUS'")
                == 0);

    Set<Long> takenBack = banksTakeBack(amounts.keySet(), gateways);

    Map<String, Integer> byStatus = new TreeMap<>();
    List<String> wrong = new ArrayList<>();
    long surplusRefunded =
        Db.count(
            "SELECT count(*) FROM charge_attempt WHERE order_id IN ("
                + ids
                + ") AND status = 'SURPLUS_REFUNDED'");
    for (Map.Entry<Long, Long> order : amounts.entrySet()) {
      long orderId = order.getKey();
      String status = Db.text("SELECT status FROM customer_order WHERE id = ?", orderId);
      byStatus.merge(status, 1, Integer::sum);
      long net = MoneyTrail.net(orderId);
      long owed = status.equals("PAID") ? order.getValue() : 0;
      if (net != owed) {
        wrong.add(orderId + " " + status + " net " + net + " owed " + owed);
      }
      wrong.addAll(MoneyTrail.ledgerDisagreements(orderId));
      for (JsonNode charge : MoneyTrail.paidCharges(orderId)) {
        if (!MoneyTrail.logged(orderId, charge)) {
          wrong.add(orderId + " charge " + charge.path("id").asText() + " not in the log");
        }
      }
    }
    // No acknowledged payment lost: an order whose charge was answered 201 is paid, and its
    // status is what its ledger says (one payment, holding the order's amount; an order that
    // lapsed holds nothing).
    for (Map.Entry<Long, String> told : ACKNOWLEDGED.entrySet()) {
      String expected = takenBack.contains(told.getKey()) ? "REFUNDED" : "PAID";
      if (amounts.containsKey(told.getKey()) && !expected.equals(status(told.getKey()))) {
        wrong.add(
            "order %d answered %s ends %s"
                .formatted(told.getKey(), told.getValue(), status(told.getKey())));
      }
    }
    for (Map.Entry<Long, Long> order : amounts.entrySet()) {
      wrong.addAll(statusAsItsLedger(order.getKey(), order.getValue()));
    }
    JsonNode books = PaymentLog.verify().path("ledger");
    for (JsonNode problem : books.path("problems")) {
      if (amounts.containsKey(problem.path("orderId").asLong())) {
        wrong.add("the payment log's verify: " + problem);
      }
    }
    RECORD.books(amounts.keySet());
    RECORD.close();
    List<String> checked = EveryYenChecker.check(RECORD.file());
    System.out.printf(
        "Every-yen soak: orders=%d by status=%s late reports=%d surpluses refunded=%d"
            + " (%d by an operator) taken back by banks=%d record=%s (%d findings) sandbox=%s"
            + " in %d s%n",
        amounts.size(),
        byStatus,
        late,
        surplusRefunded,
        byOperator,
        takenBack.size(),
        RECORD.file(),
        checked.size(),
        Sandbox.stats(),
        TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started));

    assertThat(amounts).hasSize(ORDERS);
    assertThat(wrong)
        .as("orders whose gateways hold other than what they owe, or than their ledger says")
        .isEmpty();
    assertThat(
            Db.count(
                "SELECT count(*) FROM charge_attempt WHERE order_id IN ("
                    + ids
                    + ") AND status = 'NEEDS_REVIEW'"))
        .as("no money left waiting for a person")
        .isZero();
    assertThat(checked).as("what the checker finds in " + RECORD.file()).isEmpty();
    assertThat(byStatus.keySet()).containsOnly("PAID", "EXPIRED", "REFUNDED");
    assertThat(surplusRefunded).as("every late capture went back").isEqualTo(late);
  }

  private static void pay(
      JsonNode order,
      String gateway,
      Story story,
      Map<Long, Long> amounts,
      Map<Long, Story> stories,
      Map<Long, String> gateways) {
    Shopper shopper = new Shopper(SHOP);
    long orderId = order.get("id").asLong();
    stories.put(orderId, story);
    gateways.put(orderId, gateway);
    amounts.put(orderId, order.get("amount").asLong());
    if (gateway.equals("paypay")) {
      HttpResponse<String> code =
          shopper.untilFinal(
              CHARGE, carelessKeys(), Shopper.chargeBody(order, gateway, "paypay", ""));
      // 402: the create's answer was lost and the attempt declined (no customer saw its code);
      // 409: the window closed while it was being proven. Either way the order lapses unpaid.
      assertThat(code.statusCode()).as(code.body()).isIn(201, 402, 409);
      JsonNode answer = Shopper.json(code.body());
      if (code.statusCode() == 201 && answer.path("status").asText().equals("awaiting_payment")) {
        String chargeId = answer.path("charge_id").asText();
        RECORD.world("customer", "pays the code", gateway, orderId, chargeId);
        Sandbox.complete(gateway, chargeId);
      }
      return;
    }
    if (story == Story.ABANDONED) {
      HttpResponse<String> waiting =
          shopper.untilFinal(
              CHARGE, carelessKeys(), Shopper.chargeBody(order, gateway, "card", "tokn_test_3ds"));
      assertThat(waiting.statusCode()).as(waiting.body()).isIn(201, 409);
      return;
    }
    if (story == Story.DECLINED_THEN_PAID) {
      HttpResponse<String> declined =
          shopper.untilFinal(
              CHARGE,
              carelessKeys(),
              Shopper.chargeBody(order, gateway, "card", Sandbox.CARD_THAT_DECLINES.get(gateway)));
      assertThat(declined.statusCode()).as(declined.body()).isEqualTo(402);
    }
    HttpResponse<String> paid =
        shopper.untilFinal(
            CHARGE,
            carelessKeys(),
            Shopper.chargeBody(order, gateway, "card", Sandbox.CARD_THAT_PAYS.get(gateway)));
    if (paid.statusCode() == 409) {
      // Paid by an earlier attempt; or the payment window closed while its attempts were being
      // proven never made (each lost Omise or Stripe answer waits lookup-after, 15 s, and two in
      // a row outlast the 20 s window): the order lapses, and the money check below holds its
      // gateways to nothing.
      assertThat(paid.body()).containsAnyOf("order-already-paid", "order-not-payable");
    } else {
      assertThat(paid.statusCode()).as(paid.body()).isEqualTo(201);
      ACKNOWLEDGED.put(orderId, paid.body());
    }
  }

  private static Set<Long> ordersOf(Map<Long, Story> stories, Story story) {
    return stories.entrySet().stream()
        .filter(e -> e.getValue() == story)
        .map(Map.Entry::getKey)
        .collect(Collectors.toSet());
  }

  private static String status(long orderId) {
    return Db.text("SELECT status FROM customer_order WHERE id = ?", orderId);
  }

  /**
   * Where the order's status is not what its ledger rows say: paid, one attempt is its payment and
   * holds its amount, and no other attempt holds anything; lapsed, no attempt holds anything.
   */
  private static List<String> statusAsItsLedger(long orderId, long amount) {
    String status = status(orderId);
    List<Map<String, Object>> held =
        Db.rows(
            "SELECT a.id, a.status, COALESCE(sum(CASE WHEN m.movement = 'CHARGED' THEN m.amount"
                + " WHEN m.movement = 'REINSTATED' THEN m.amount ELSE -m.amount END), 0) AS held"
                + " FROM charge_attempt a LEFT JOIN money_movement m ON m.attempt_id = a.id"
                + " WHERE a.order_id = ? GROUP BY a.id, a.status",
            orderId);
    long payments =
        held.stream()
            .filter(a -> "SUCCEEDED".equals(a.get("status")))
            .filter(a -> ((Number) a.get("held")).longValue() == amount)
            .count();
    long holding = held.stream().filter(a -> ((Number) a.get("held")).longValue() != 0).count();
    boolean agrees =
        switch (status) {
          case "PAID" -> payments == 1 && holding == 1;
          case "EXPIRED", "REFUNDED" -> holding == 0;
          default -> false;
        };
    return agrees
        ? List.of()
        : List.of("order %d is %s, and its ledger holds %s".formatted(orderId, status, held));
  }

  /** Orders whose webhooks the sandbox no longer sends: a portal refund's may never come. */
  private static final Set<Long> WEBHOOKS_HELD_BACK = ConcurrentHashMap.newKeySet();

  /**
   * Customers' banks dispute paid orders once everything has settled: at Stripe, the dispute's
   * funds leave at once and come back if it is won (every other dispute); at 2C2P the bank charges
   * the payment back. Answers the orders whose money the banks kept, once each has ended as its
   * ledger says: refunded, or paid again.
   */
  private static Set<Long> banksTakeBack(Set<Long> orders, Map<Long, String> gateways) {
    Set<Long> takenBack = new java.util.TreeSet<>();
    Map<Long, String> expected = new HashMap<>();
    int stripe = 0;
    int twoC2p = 0;
    for (long orderId : new java.util.TreeSet<>(orders)) {
      String gateway = gateways.get(orderId);
      if (!"PAID".equals(status(orderId)) || WEBHOOKS_HELD_BACK.contains(orderId)) {
        continue;
      }
      List<JsonNode> holding =
          MoneyTrail.paidCharges(orderId).stream()
              .filter(c -> c.path("amountRefunded").asLong() == 0)
              .toList();
      if (holding.size() != 1) {
        continue;
      }
      String chargeId = holding.get(0).path("id").asText();
      if (gateway.equals("stripe") && stripe < 4) {
        boolean won = stripe++ % 2 == 1;
        assertThat(Sandbox.dispute(gateway, chargeId).path("webhook").path("status").asInt())
            .isEqualTo(200);
        RECORD.world("bank", "dispute opened", gateway, orderId, chargeId);
        JsonNode closed = Sandbox.disputeClosed(gateway, chargeId, won);
        assertThat(closed.path("webhook").path("status").asInt()).isEqualTo(200);
        RECORD.world("bank", won ? "dispute won" : "dispute lost", gateway, orderId, chargeId);
        expected.put(orderId, won ? "PAID" : "REFUNDED");
      } else if (gateway.equals("2c2p") && twoC2p < 2) {
        twoC2p++;
        assertThat(Sandbox.dispute(gateway, chargeId).path("webhook").path("status").asInt())
            .isEqualTo(200);
        RECORD.world("bank", "chargeback", gateway, orderId, chargeId);
        expected.put(orderId, "REFUNDED");
      }
    }
    expected.forEach(
        (orderId, status) -> {
          Await.until(
              "order " + orderId + " " + status + " once its bank's dispute is settled",
              Duration.ofSeconds(30),
              () -> status.equals(status(orderId)));
          if (status.equals("REFUNDED")) {
            takenBack.add(orderId);
          }
        });
    assertThat(expected).as("orders disputed").hasSizeGreaterThanOrEqualTo(3);
    return takenBack;
  }

  /**
   * What an operator does about the soak's money that could not go back by itself (the review
   * queue's {@code returns_waiting}): asks again, or gives it back in the gateway's portal (its
   * webhook held back, as a portal's may never come) and records it. Answers how many it gave back.
   */
  private static int operatorGivesBack(Set<Long> orders, Map<Long, String> gateways) {
    Api operator = OPERATOR;
    int byOperator = 0;
    HttpResponse<String> queue = operator.get("/api/review?limit=500");
    assertThat(queue.statusCode()).as(queue.body()).isEqualTo(200);
    for (JsonNode waiting : Shopper.json(queue.body()).path("returns_waiting")) {
      long orderId = waiting.path("order_id").asLong();
      if (!orders.contains(orderId)) {
        continue;
      }
      long attempt = waiting.path("attempt_id").asLong();
      String ways = waiting.path("ways").toString();
      HttpResponse<String> done;
      // Half the time the operator asks again, half the time gives it back in the portal.
      if (ways.contains("return_again") && orderId % 2 == 0) {
        done =
            operator.postJson(
                "/api/review/attempts/" + attempt + "/return", "again-" + UUID.randomUUID(), "");
      } else {
        String gateway = gateways.get(orderId);
        Sandbox.webhookDelivery(gateway, orderId, "never", 0);
        WEBHOOKS_HELD_BACK.add(orderId);
        JsonNode portal =
            Sandbox.charges(orderId).stream()
                .filter(
                    c ->
                        waiting.path("charge_id").asText().equals(c.path("id").asText())
                            || waiting
                                .path("charge_id")
                                .asText()
                                .equals(c.path("idempotencyKey").asText()))
                .findFirst()
                .orElseThrow();
        Sandbox.refundAll(gateway, portal.path("id").asText());
        RECORD.world(
            "operator", "refunds in the portal", gateway, orderId, portal.path("id").asText());
        done =
            operator.postJson(
                "/api/review/attempts/" + attempt + "/returned-outside",
                "outside-" + UUID.randomUUID(),
                "{\"amount\": "
                    + waiting.path("amount").asLong()
                    + ", \"reference\": \"portal-"
                    + portal.path("id").asText()
                    + "\"}");
      }
      byOperator++;
      assertThat(done.statusCode()).as(done.body()).isEqualTo(200);
    }
    return byOperator;
  }
}
