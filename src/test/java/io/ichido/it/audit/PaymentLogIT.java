package io.ichido.it.audit;

import static io.ichido.it.support.PaymentLog.search;
import static io.ichido.it.support.PaymentLog.verify;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.it.support.Api;
import io.ichido.it.support.Await;
import io.ichido.it.support.Db;
import io.ichido.it.support.Delivery;
import io.ichido.it.support.Metrics;
import io.ichido.it.support.OnSharedDeployment;
import io.ichido.it.support.OrderJson;
import io.ichido.it.support.Sandbox;
import io.ichido.it.support.Shopper;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The payment log through its API and behind its back, against the real server and database: its
 * facts, chain and retry traffic. What auditors ask of it is {@link PaymentLogSearchIT}.
 */
class PaymentLogIT extends OnSharedDeployment {

  /**
   * Replays and in-flight twins of one key: enough that a fact or a commit per answer would show,
   * many times over (a storm of retries once wrote one entry each).
   */
  private static final int REPLAYS = 2_000;

  private static final int IN_USE = 200;

  private static final String LOG = "/api/audit/payment-log";
  private static final Api AUDITOR = Api.as("auditor");
  private static final Api SHOP_A = Api.as("shop-a");

  @Test
  @DisplayName("an order paid by card leaves every fact in the log, in order, with its key")
  void factsOfAPayment() {
    String customer = OrderJson.customer("log");
    String orderKey = "order-" + UUID.randomUUID();
    HttpResponse<String> created =
        SHOP_A.postJson(
            "/api/orders", orderKey, OrderJson.of(customer, Db.newProduct(5, 1000, 8), 2));
    assertThat(created.statusCode()).isEqualTo(201);
    JsonNode order = Shopper.json(created.body());
    String payKey = "pay-" + UUID.randomUUID();
    String charge = Shopper.chargeBody(order, "stripe", "card", "pm_card_visa");
    assertThat(SHOP_A.postJson("/api/payments/charge", payKey, charge).statusCode()).isEqualTo(201);
    assertThat(SHOP_A.postJson("/api/payments/charge", payKey, charge).statusCode()).isEqualTo(201);
    assertThat(
            SHOP_A
                .postJson("/api/payments/charge", payKey, charge.replace("Taro", "Jiro"))
                .statusCode())
        .isEqualTo(422);

    // The send attempt (no SMTP server here) runs after commit, whenever: left out.
    JsonNode byOrder = search("orderId=" + order.get("id").asLong() + "&size=100");
    List<String> kinds = new ArrayList<>();
    byOrder
        .path("items")
        .forEach(e -> kinds.add(e.path("kind").asText() + ":" + e.path("status").asText()));
    kinds.removeIf(kind -> kind.startsWith("EMAIL_FAILED") || kind.startsWith("EMAIL_SENT"));
    // Newest first, in the order of the chain of causes: the paid order's stock and its receipt
    // both follow from it (in no order between them), the receipt's e-mail from the receipt.
    assertThat(kinds).hasSize(8);
    assertThat(kinds.subList(0, 3))
        .containsExactlyInAnyOrder(
            "EMAIL_QUEUED:PENDING", "RECEIPT_ISSUED:ISSUED", "STOCK_MOVED:SOLD");
    assertThat(kinds.indexOf("EMAIL_QUEUED:PENDING"))
        .isLessThan(kinds.indexOf("RECEIPT_ISSUED:ISSUED"));
    assertThat(kinds.subList(3, kinds.size()))
        .containsExactly(
            "ORDER_STATUS_CHANGED:PAID",
            "GATEWAY_ANSWERED:SUCCEEDED",
            "CHARGE_REQUESTED:STARTED",
            "STOCK_MOVED:RESERVED",
            "ORDER_CREATED:PENDING_PAYMENT");
    JsonNode items = byOrder.path("items");
    JsonNode createdEntry = items.get(items.size() - 1);
    assertThat(createdEntry.path("counterparty").asText()).isEqualTo(customer);
    assertThat(createdEntry.path("idempotencyKey").asText()).isEqualTo(orderKey);
    assertThat(createdEntry.path("amount").asLong()).isEqualTo(order.get("amount").asLong());
    assertThat(createdEntry.path("tax").get(0).path("rate").asInt()).isEqualTo(8);
    items.forEach(e -> assertThat(e.path("counterparty").asText()).isEqualTo(customer));

    JsonNode byKey = search("idempotencyKey=" + payKey + "&size=100");
    List<String> keyKinds = new ArrayList<>();
    byKey.path("items").forEach(e -> keyKinds.add(e.path("kind").asText()));
    // The replay is retry traffic, not a fact; the key's first reuse with another body is one.
    assertThat(keyKinds)
        .containsExactly("IDEMPOTENCY_KEY_REUSED", "GATEWAY_ANSWERED", "CHARGE_REQUESTED");
    // The layer names its caller scope, the same scope the key lives in.
    assertThat(byKey.path("items").get(0).path("actor").asText()).isEqualTo("principal:shop-a");
    JsonNode retries = byKey.path("retries");
    assertThat(retries).hasSize(1);
    assertThat(retries.get(0).path("scope").asText()).isEqualTo("principal:shop-a");
    assertThat(retries.get(0).path("idempotencyKey").asText()).isEqualTo(payKey);
    assertThat(retries.get(0).path("replays").asLong()).isEqualTo(1);
    assertThat(retries.get(0).path("reused").asLong()).isEqualTo(1);
    assertThat(retries.get(0).path("lastReplay").asText()).isNotBlank();
  }

  @Test
  @DisplayName(
      "2,000 replays and 200 in-flight 409s of one key chain nothing; the key's counts and"
          + " /metrics say how many; only a key's first reuse with another body is chained")
  void retryTrafficIsNotChained() throws Exception {
    JsonNode order = new Shopper(SHOP_A).order(Db.newProduct(5, 1000, 10), 1);
    String key = "pay-" + UUID.randomUUID();
    String charge = Shopper.chargeBody(order, "stripe", "card", "pm_card_visa");
    double replayedBefore = Metrics.counter("ichido_idempotency_replayed_total");
    double inUseBefore = Metrics.counter("ichido_idempotency_in_use_total");
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try (Connection holder = Db.connect()) {
      // The order's row held: the first charge, its key claimed, waits; every twin finds it so.
      holder.setAutoCommit(false);
      try (Statement lock = holder.createStatement()) {
        lock.execute(
            "SELECT 1 FROM customer_order WHERE id = " + order.get("id").asLong() + " FOR UPDATE");
      }
      CompletableFuture<HttpResponse<String>> first =
          CompletableFuture.supplyAsync(
              () -> SHOP_A.postJson("/api/payments/charge", key, charge), pool);
      Await.until(
          "the first charge's key in flight",
          () ->
              Db.count(
                      "SELECT count(*) FROM idempotency_key WHERE idem_key = ? AND status ="
                          + " 'IN_FLIGHT'",
                      key)
                  == 1);
      Map<Integer, Integer> twins =
          times(pool, IN_USE, () -> SHOP_A.postJson("/api/payments/charge", key, charge));
      holder.commit();
      assertThat(twins)
          .as("answers to the twins while the first is in flight")
          .containsOnlyKeys(409);
      assertThat(first.get().statusCode()).as(first.get().body()).isEqualTo(201);
      long chainedBefore = chainedFor(order.get("id").asLong(), "", key);

      assertThat(times(pool, REPLAYS, () -> SHOP_A.postJson("/api/payments/charge", key, charge)))
          .as("answers to the replays")
          .containsOnlyKeys(201);

      assertThat(chainedFor(order.get("id").asLong(), "", key))
          .as("entries chained by the replays")
          .isEqualTo(chainedBefore);
    } finally {
      pool.shutdownNow();
    }
    assertThat(
            Db.count(
                "SELECT count(*) FROM payment_log WHERE idempotency_key = ? AND kind IN"
                    + " ('IDEMPOTENT_REPLAY', 'IDEMPOTENCY_KEY_IN_USE')",
                key))
        .isZero();
    assertThat(Metrics.counter("ichido_idempotency_replayed_total") - replayedBefore)
        .isEqualTo(REPLAYS);
    assertThat(Metrics.counter("ichido_idempotency_in_use_total") - inUseBefore).isEqualTo(IN_USE);

    // Reused with another body twice: the first is a chained fact, the second only counted.
    for (int i = 0; i < 2; i++) {
      assertThat(
              SHOP_A
                  .postJson("/api/payments/charge", key, charge.replace("Taro", "Jiro" + i))
                  .statusCode())
          .isEqualTo(422);
    }
    JsonNode byKey = search("idempotencyKey=" + key + "&size=100");
    List<String> kinds = new ArrayList<>();
    byKey.path("items").forEach(e -> kinds.add(e.path("kind").asText()));
    assertThat(kinds).containsOnlyOnce("IDEMPOTENCY_KEY_REUSED");
    assertThat(kinds).doesNotContain("IDEMPOTENT_REPLAY", "IDEMPOTENCY_KEY_IN_USE");
    JsonNode retries = byKey.path("retries").get(0);
    assertThat(retries.path("replays").asLong()).isEqualTo(REPLAYS);
    assertThat(retries.path("inUse").asLong()).isEqualTo(IN_USE);
    assertThat(retries.path("reused").asLong()).isEqualTo(2);
  }

  @Test
  @DisplayName(
      "retry traffic lives in one partition per UTC day, made a week ahead; a day past the"
          + " retention is detached and dropped, the days kept untouched")
  void retryTrafficPartitions() throws Exception {
    java.time.LocalDate today = java.time.LocalDate.now(java.time.ZoneOffset.UTC);
    for (int day = 0; day <= 7; day++) {
      String name = "idempotency_retry_" + today.plusDays(day).format(DAY);
      assertThat(Db.count("SELECT count(*) FROM pg_inherits WHERE inhrelid = to_regclass(?)", name))
          .as(name)
          .isOne();
    }
    java.time.LocalDate old = today.minusDays(91);
    String expired = "idempotency_retry_" + old.format(DAY);
    try (Connection c = Db.connect();
        Statement sql = c.createStatement()) {
      sql.execute(
          "CREATE TABLE "
              + expired
              + " (LIKE idempotency_retry INCLUDING DEFAULTS INCLUDING CONSTRAINTS)");
      sql.execute(
          "ALTER TABLE idempotency_retry ATTACH PARTITION "
              + expired
              + " FOR VALUES FROM ('"
              + old
              + " 00:00:00+00') TO ('"
              + old.plusDays(1)
              + " 00:00:00+00')");
      sql.execute(
          "INSERT INTO idempotency_retry (at, scope, idem_key, outcome, status, method, path)"
              + " VALUES ('"
              + old
              + " 12:00:00+00', 'principal:shop-a', 'old-key', 'REPLAYED', 201, 'POST', 'x')");
    }
    long kept =
        Db.count("SELECT count(*) FROM idempotency_retry WHERE at >= now() - interval '1 day'");

    Await.until(
        "the partition of " + old + " to be dropped",
        () -> Db.count("SELECT count(*) FROM pg_class WHERE relname = ?", expired) == 0);

    assertThat(Db.count("SELECT count(*) FROM idempotency_retry WHERE idem_key = 'old-key'"))
        .isZero();
    assertThat(
            Db.count("SELECT count(*) FROM idempotency_retry WHERE at >= now() - interval '1 day'"))
        .isGreaterThanOrEqualTo(kept);
  }

  private static final java.time.format.DateTimeFormatter DAY =
      java.time.format.DateTimeFormatter.BASIC_ISO_DATE;

  /**
   * Entries chained once the sequencer has caught up, but for the receipt mails' send attempts,
   * which go on in the background (this deployment has no SMTP server).
   */
  /**
   * Once none of them waits for the sequencer: the entries chained for the order, its charge and
   * its key ({@code ""}: none), its e-mails aside (they are sent on the outbox's own time). Counted
   * for this test's data alone: other tests' facts, and the sweeps', go on meanwhile.
   */
  private static long chainedFor(long orderId, String chargeId, String key) {
    String ofThis = " WHERE (order_id = ? OR charge_id = ? OR idempotency_key = ?)";
    Await.until(
        "the sequencer to chain the pending facts of order " + orderId,
        () ->
            Db.count("SELECT count(*) FROM payment_log_pending" + ofThis, orderId, chargeId, key)
                == 0);
    return Db.count(
        "SELECT count(*) FROM payment_log" + ofThis + " AND kind NOT LIKE 'EMAIL%'",
        orderId,
        chargeId,
        key);
  }

  /** Sends {@code n} requests on {@code pool}; how many got each status. */
  private static Map<Integer, Integer> times(
      ExecutorService pool, int n, java.util.function.Supplier<HttpResponse<String>> request)
      throws Exception {
    List<CompletableFuture<Integer>> sent = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      sent.add(CompletableFuture.supplyAsync(() -> request.get().statusCode(), pool));
    }
    Map<Integer, Integer> statuses = new java.util.TreeMap<>();
    for (CompletableFuture<Integer> status : sent) {
      statuses.merge(status.get(), 1, Integer::sum);
    }
    return statuses;
  }

  @Test
  @DisplayName(
      "one genuine signed KOMOJU event delivered 100 times is chained once, when processed; the 99"
          + " duplicates are retry traffic, counted under its event id and in /metrics, never"
          + " chained (forgeries: HostileInputIT)")
  void duplicateWebhooksAreNotChained() {
    JsonNode order = new Shopper(SHOP_A).order(Db.newProduct(5, 1000, 10), 1);
    HttpResponse<String> paid =
        SHOP_A.postJson(
            "/api/payments/charge",
            "pay-" + UUID.randomUUID(),
            Shopper.chargeBody(order, "komoju", "konbini", ""));
    JsonNode charge = Shopper.json(paid.body());
    String chargeId = charge.path("charge_id").asText();
    // KOMOJU signs no timestamp: whoever holds one delivery can send it again, byte for byte.
    Delivery delivery = Delivery.succeeded("komoju", charge);
    long orderId = order.get("id").asLong();
    long before = chainedFor(orderId, chargeId, delivery.eventId());
    double duplicatesBefore = Metrics.webhooks("komoju", "duplicate");

    HttpResponse<String> first = delivery.send();
    assertThat(first.body()).isEqualTo("{\"status\":\"processed\"}");
    long afterFirst = chainedFor(orderId, chargeId, delivery.eventId());
    for (int i = 0; i < 99; i++) {
      assertThat(delivery.send().body()).isEqualTo("{\"status\":\"already_processed\"}");
    }

    assertThat(chainedFor(orderId, chargeId, delivery.eventId()))
        .as("entries chained by the 99 duplicates")
        .isEqualTo(afterFirst);
    assertThat(Db.factsByKind("charge_id", chargeId))
        .as("the delivery's own entries")
        .containsEntry("WEBHOOK_PROCESSED", 1L)
        .doesNotContainKeys("WEBHOOK_RECEIVED", "WEBHOOK_DUPLICATE");
    assertThat(afterFirst - before)
        .as("the processing's entries: the webhook, the order paid, its stock sold, its receipt")
        .isEqualTo(4);
    assertThat(Db.retryTraffic("webhook:komoju", delivery.eventId()))
        .containsOnly(Map.entry("REPLAYED", 99L), Map.entry("IN_USE", 0L), Map.entry("REUSED", 0L));
    assertThat(Metrics.webhooks("komoju", "duplicate") - duplicatesBefore).isEqualTo(99);

    // The auditor finds the event by its id, as any key, and its redeliveries beside it.
    JsonNode byEvent = search("idempotencyKey=" + delivery.eventId() + "&size=10");
    List<String> kinds = new ArrayList<>();
    byEvent.path("items").forEach(e -> kinds.add(e.path("kind").asText()));
    assertThat(kinds).containsExactly("WEBHOOK_PROCESSED");
    JsonNode processed = byEvent.path("items").get(0);
    assertThat(processed.path("chargeId").asText()).isEqualTo(chargeId);
    assertThat(processed.path("details").path("eventId").asText()).isEqualTo(delivery.eventId());
    assertThat(processed.path("details").path("type").asText()).isEqualTo("payment.captured");
    assertThat(processed.path("details").path("result").asText()).isEqualTo("APPLIED");
    assertThat(processed.path("amount").asLong()).isEqualTo(order.get("amount").asLong());
    JsonNode retries = byEvent.path("retries");
    assertThat(retries).hasSize(1);
    assertThat(retries.get(0).path("scope").asText()).isEqualTo("webhook:komoju");
    assertThat(retries.get(0).path("replays").asLong()).isEqualTo(99);
    assertThat(retries.get(0).path("inUse").asLong()).isZero();
  }

  @Test
  @DisplayName("a fact that rolls back leaves no entry: no entry without its fact")
  void rolledBackFactLeavesNothing() {
    String customer = OrderJson.customer("rollback");
    String plenty = Db.newProduct(10, 100, 10);
    String none = Db.newProduct(0, 100, 10);
    String body =
        """
        {"customer":"%s","items":[{"sku":"%s","quantity":1},{"sku":"%s","quantity":1}],"currency":"JPY"}"""
            .formatted(customer, plenty, none);
    assertThat(SHOP_A.postJson("/api/orders", "order-" + UUID.randomUUID(), body).statusCode())
        .isEqualTo(409);
    assertThat(search("counterparty=" + customer).path("items")).isEmpty();
  }

  @Test
  @DisplayName("the database refuses UPDATE, DELETE and TRUNCATE on the log, even for its owner")
  void appendOnly() throws SQLException {
    search(""); // at least one entry: this search itself
    try (Connection c = Db.connect();
        Statement sql = c.createStatement()) {
      assertThatThrownBy(() -> sql.executeUpdate("UPDATE payment_log SET amount = 1"))
          .hasMessageContaining("append-only");
      assertThatThrownBy(() -> sql.executeUpdate("DELETE FROM payment_log"))
          .hasMessageContaining("append-only");
      // Plain TRUNCATE meets the pending facts' reference first; CASCADE meets the guard.
      assertThatThrownBy(() -> sql.executeUpdate("TRUNCATE payment_log"))
          .hasMessageContaining("payment_log_pending");
      assertThatThrownBy(() -> sql.executeUpdate("TRUNCATE payment_log CASCADE"))
          .hasMessageContaining("append-only");
    }
  }

  @Test
  @DisplayName("verify finds exactly the row edited behind the application's back")
  void tamperingIsFound() throws Exception {
    JsonNode order = new Shopper(SHOP_A).order(Db.newProduct(5, 700, 10), 1);
    long seq =
        search("orderId=" + order.get("id").asLong() + "&kind=ORDER_CREATED")
            .path("items")
            .get(0)
            .path("seq")
            .asLong();
    assertThat(verify().path("intact").asBoolean()).isTrue();

    Db.behindTheLogsBack("UPDATE payment_log SET amount = amount - 1 WHERE seq = " + seq);
    try {
      JsonNode report = verify();
      assertThat(report.path("intact").asBoolean()).isFalse();
      assertThat(report.path("firstBrokenSeq").asLong()).isEqualTo(seq);
      assertThat(report.path("problem").asText()).contains("changed");
    } finally {
      Db.behindTheLogsBack("UPDATE payment_log SET amount = amount + 1 WHERE seq = " + seq);
    }
    assertThat(verify().path("intact").asBoolean()).isTrue();
  }

  @Test
  @DisplayName(
      "verify checks every order's ledger beside the chain: money written for a declined attempt"
          + " behind the decider's back is named, with its order, attempt and rule")
  void ledgerTamperingIsFound() throws Exception {
    JsonNode order = new Shopper(SHOP_A).order(Db.newProduct(5, 700, 10), 1);
    long orderId = order.get("id").asLong();
    HttpResponse<String> declined =
        SHOP_A.postJson(
            "/api/payments/charge",
            "pay-" + UUID.randomUUID(),
            Shopper.chargeBody(order, "stripe", "card", Sandbox.CARD_THAT_DECLINES.get("stripe")));
    assertThat(declined.statusCode()).as(declined.body()).isEqualTo(402);
    long attemptId = Db.count("SELECT max(id) FROM charge_attempt WHERE order_id = ?", orderId);
    assertThat(ledgerProblems(orderId)).isEmpty();

    Db.update(
        "INSERT INTO money_movement (order_id, attempt_id, movement, amount, currency, gateway,"
            + " via) VALUES (?, ?, 'CHARGED', 756, 'JPY', 'stripe', 'by hand')",
        orderId,
        attemptId);
    try {
      JsonNode report = verify();
      assertThat(report.path("intact").asBoolean()).as("the chain itself holds").isTrue();
      assertThat(report.path("ledger").path("balanced").asBoolean()).isFalse();
      assertThat(ledgerProblems(orderId))
          .singleElement()
          .satisfies(
              p -> {
                assertThat(p.path("rule").asText()).isEqualTo("money-on-no-order");
                assertThat(p.path("attemptId").asLong()).isEqualTo(attemptId);
              });
    } finally {
      Db.behindTheLedgersBack(
          "DELETE FROM money_movement WHERE attempt_id = " + attemptId + " AND via = 'by hand'");
    }
    assertThat(ledgerProblems(orderId)).isEmpty();
  }

  private static List<JsonNode> ledgerProblems(long orderId) {
    List<JsonNode> found = new ArrayList<>();
    for (JsonNode problem : verify().path("ledger").path("problems")) {
      if (problem.path("orderId").asLong() == orderId) {
        found.add(problem);
      }
    }
    return found;
  }

  @Test
  @DisplayName("30 orders at once: the chain stays linear and gap-free")
  void concurrentAppends() throws Exception {
    String sku = Db.newProduct(100, 300, 10);
    ExecutorService pool = Executors.newFixedThreadPool(10);
    List<CompletableFuture<HttpResponse<String>>> orders = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      orders.add(
          CompletableFuture.supplyAsync(
              () ->
                  SHOP_A.postJson(
                      "/api/orders",
                      "order-" + UUID.randomUUID(),
                      OrderJson.of(OrderJson.customer("storm"), sku, 1)),
              pool));
    }
    for (CompletableFuture<HttpResponse<String>> order : orders) {
      assertThat(
              assertThat(order)
                  .as("one of 30 orders at once")
                  .succeedsWithin(Duration.ofSeconds(90))
                  .actual()
                  .statusCode())
          .isEqualTo(201);
    }
    pool.shutdown();
    JsonNode report = verify();
    assertThat(report.path("intact").asBoolean()).as(report.toString()).isTrue();
    assertThat(Db.count("SELECT count(*) FROM payment_log"))
        .isEqualTo(Db.count("SELECT max(seq) FROM payment_log"));
    assertThat(
            Db.count(
                "SELECT count(*) FROM payment_log WHERE kind = 'STOCK_MOVED' AND order_id IN"
                    + " (SELECT order_id FROM stock_reservation WHERE sku = ?)",
                sku))
        .isEqualTo(30);
  }

  @Test
  @DisplayName(
      "a fact whose transaction commits late is chained after later ones, never skipped; writers"
          + " never wait for it")
  void lateCommitIsChainedNotSkipped() throws Exception {
    try (Connection slow = Db.connect();
        Statement sql = slow.createStatement()) {
      slow.setAutoCommit(false);
      // A fact written by a transaction still open: it holds the lowest fact id of what follows.
      sql.executeUpdate(
          "INSERT INTO payment_log_pending (kind, actor, status, details)"
              + " VALUES ('AUDIT_QUERY', 'late-writer', 'LATE', '{}')");
      long started = System.nanoTime();
      JsonNode order = new Shopper(SHOP_A).order(Db.newProduct(5, 700, 10), 1);
      assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
      JsonNode facts = search("orderId=" + order.get("id").asLong());
      assertThat(facts.path("items").size())
          .as("chained while the early fact is open")
          .isPositive();
      assertThat(search("status=LATE").path("items").size()).isZero();

      slow.commit();
    }
    JsonNode late = search("status=LATE");
    assertThat(late.path("items").size()).isEqualTo(1);
    JsonNode report = verify();
    assertThat(report.path("intact").asBoolean()).as(report.toString()).isTrue();
    assertThat(report.path("unchained").asLong()).isZero();
    assertThat(Db.count("SELECT count(*) FROM payment_log"))
        .isEqualTo(Db.count("SELECT max(seq) FROM payment_log"));
  }

  @Test
  @DisplayName("while another sequencer holds the chain, payments go on and are chained after it")
  void writersNeverWaitForTheSequencer() throws Exception {
    JsonNode order;
    try (Connection otherServer = Db.connect();
        Statement sql = otherServer.createStatement()) {
      // What another server's sequencer holds while it chains.
      sql.execute("SELECT pg_advisory_lock(" + 0x1c41d0_0003L + ")");
      long started = System.nanoTime();
      order = new Shopper(SHOP_A).order(Db.newProduct(5, 800, 10), 1);
      assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
      assertThat(
              Db.count(
                  "SELECT count(*) FROM payment_log_pending WHERE order_id = ?",
                  order.get("id").asLong()))
          .as("its facts are committed, waiting for the sequencer")
          .isPositive();
      sql.execute("SELECT pg_advisory_unlock(" + 0x1c41d0_0003L + ")");
    }
    long orderId = order.get("id").asLong();
    long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
    while (Db.count("SELECT count(*) FROM payment_log_pending WHERE order_id = ?", orderId) > 0) {
      assertThat(System.nanoTime()).as("chained by the poll within 5 s").isLessThan(deadline);
      Thread.sleep(20);
    }
    assertThat(Db.count("SELECT count(*) FROM payment_log WHERE order_id = ?", orderId))
        .isPositive();
  }
}
