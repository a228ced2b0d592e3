package io.ichido.it.resilience;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.it.support.Api;
import io.ichido.it.support.Await;
import io.ichido.it.support.Db;
import io.ichido.it.support.OrderJson;
import io.ichido.it.support.OwnDatabases;
import io.ichido.it.support.Sandbox;
import io.ichido.it.support.SecondServer;
import io.ichido.it.support.ServersOfItsOwn;
import io.ichido.it.support.Shopper;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * A real crash: a Liberty server of its own ({@code ichido-crash}) is killed with SIGKILL while the
 * gateway holds a charge it has already made, then restarted. With no client call at all, the
 * reconciler must learn of that one charge and settle the order; the client's retry after the lease
 * must then find it, not make another. The server has a database of its own, so that it runs beside
 * the other classes: its reconciler, with this test's short leases, would otherwise sweep their
 * attempts too.
 */
@ServersOfItsOwn
class CrashRecoveryIT {

  /** Its database, and where its order ids begin (past PatroniFailoverIT's). */
  private static final String DATABASE = "ichido_crash";

  private static final long FIRST_ORDER_ID = ServersOfItsOwn.FIRST_ORDER_ID + 10_000_000L;

  /**
   * Short leases, so that the attempt and the key the kill left behind are free by the time the
   * server is back (a restart takes 15-20 s here): production's two minutes and 90 s only wait
   * longer for the same thing.
   */
  private static final Duration LEASE = Duration.ofSeconds(15);

  private static final Duration ATTEMPT_LEASE = Duration.ofSeconds(10);
  private static final Duration RECONCILE_INTERVAL = Duration.ofSeconds(2);
  private static final SecondServer SERVER =
      new SecondServer(
          "ichido-crash",
          Integer.getInteger("ichido.crashHttpPort", 9082),
          Integer.getInteger("ichido.crashHttpsPort", 9445));
  private static final Api SHOP_A = Api.at(SERVER.baseUrl(), "shop-a");

  private static Db.Database db;

  @BeforeAll
  static void createServer() throws Exception {
    db = Db.ownDatabase(DATABASE, FIRST_ORDER_ID);
    // A transaction timeout shorter than the lease, as the contract requires.
    SERVER.create(
        Path.of(System.getProperty("ichido.war", "target/ichido.war")),
        "<variable name=\"TX_TIMEOUT\" value=\"8s\"/>\n"
            + "<variable name=\"DB_NAME\" value=\"%s\"/>".formatted(DATABASE),
        Map.of(
            "ICHIDO_IDEMPOTENCY_LEASE", LEASE.toString(),
            "ICHIDO_PAYMENTS_ATTEMPT_LEASE", ATTEMPT_LEASE.toString(),
            "ICHIDO_PAYMENTS_RECONCILE_INTERVAL", RECONCILE_INTERVAL.toString(),
            "ICHIDO_GATEWAY_STRIPE_BASE_URL", Sandbox.URL + "/stripe",
            "ICHIDO_GATEWAY_READ_TIMEOUT", "PT15S"));
    SERVER.start();
  }

  @AfterAll
  static void stopServer() throws Exception {
    SERVER.stop();
    if (db != null) {
      try (Connection own = db.connect()) {
        OwnDatabases.noteCharges(own);
      }
    }
  }

  @Test
  @DisplayName(
      "kill -9 while the gateway holds a charge, restart: paid with no client call, once; the retry"
          + " finds it")
  void killedMidCharge() throws Exception {
    String sku = db.newProduct(10, 1200, 8);
    HttpResponse<String> created =
        new Shopper(SHOP_A)
            .untilFinal(
                "/api/orders", "crash-order-" + UUID.randomUUID(), OrderJson.of("crash", sku, 1));
    assertThat(created.statusCode()).isEqualTo(201);
    JsonNode order = Shopper.json(created.body());
    long orderId = order.get("id").asLong();
    String key = "crash-" + UUID.randomUUID();
    String body = Shopper.chargeBody(order, "stripe", "card", "pm_card_visa");

    // The sandbox makes the charge, then sits on the answer while we pull the plug.
    Sandbox.fault("stripe", orderId, "delay", 1, 10_000);
    Instant claimed = Instant.now();
    CompletableFuture<Object> doomed =
        CompletableFuture.supplyAsync(() -> SHOP_A.postJson("/api/payments/charge", key, body))
            .handle((answer, failure) -> failure != null ? failure : answer);
    Await.until("the sandbox to make the charge", () -> Sandbox.charges(orderId).size() == 1);
    SERVER.kill();
    assertThat(doomed.get(30, TimeUnit.SECONDS)).isNotInstanceOf(HttpResponse.class);

    SERVER.start();
    // No client call: the reconciler finds the attempt abandoned once its lease ends.
    Await.until(
        "the reconciler to settle order " + orderId + " as PAID",
        ATTEMPT_LEASE.plus(RECONCILE_INTERVAL.multipliedBy(6)).plusSeconds(30),
        () -> "PAID".equals(status(orderId)));
    Duration settledAfter = Duration.between(claimed, Instant.now());
    assertThat(Sandbox.charges(orderId)).hasSize(1);
    assertThat(db.reserved(sku)).isZero();
    assertThat(db.onHand(sku)).isEqualTo(9);
    assertThat(
            db.count(
                "SELECT count(*) FROM email_outbox WHERE dedupe_key = ?", "receipt:" + orderId))
        .as("one receipt")
        .isEqualTo(1);

    HttpResponse<String> settled =
        new Shopper(SHOP_A).untilFinal("/api/payments/charge", key, body);
    assertThat(settled.statusCode()).as(settled.body()).isEqualTo(201);
    assertThat(settled.body()).contains("\"order_status\":\"PAID\"");
    assertThat(Sandbox.charges(orderId)).hasSize(1);
    assertThat(SHOP_A.get("/api/orders/" + orderId).body()).contains("\"status\":\"PAID\"");
    // Paid: the unit was sold once, not reserved twice.
    assertThat(db.reserved(sku)).isZero();
    assertThat(db.onHand(sku)).isEqualTo(9);
    System.out.printf(
        "Crash: order %d, charges at the gateway %d, paid by the reconciler after %d s, the"
            + " client's retry answered after %d s%n",
        orderId,
        Sandbox.charges(orderId).size(),
        settledAfter.toSeconds(),
        Duration.between(claimed, Instant.now()).toSeconds());
  }

  private static String status(long orderId) {
    HttpResponse<String> order = SHOP_A.get("/api/orders/" + orderId);
    return order.statusCode() == 200
        ? Shopper.json(order.body()).path("status").asText()
        : "HTTP " + order.statusCode();
  }
}
