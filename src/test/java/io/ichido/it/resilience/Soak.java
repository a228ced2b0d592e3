package io.ichido.it.resilience;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.it.support.Api;
import io.ichido.it.support.Db;
import io.ichido.it.support.Sandbox;
import io.ichido.it.support.Shopper;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.assertj.core.api.SoftAssertions;

/**
 * What one of {@link ClusterIT}'s soaks did: its orders through the balancer at {@code baseUrl},
 * and what must hold after it.
 */
record Soak(
    String name,
    int orders,
    String sku,
    String customer,
    Map<Long, Long> ordered,
    Map<String, Integer> retriedAfter,
    long seconds,
    String baseUrl) {

  /**
   * Every invariant, so that a broken run says all it broke: each order charged once for its
   * amount, paid, its stock sold, its receipt sent, and every fact chained by the sequencer of
   * whichever server runs it (no auditor read helped it) with the chain intact.
   */
  SoftAssertions everyChargeOnce() throws Exception {
    Instant done = Instant.now();
    // The receipts first: each sent one is a fact (EMAIL_SENT), so the chain is judged after the
    // last of them, not while they still arrive.
    boolean receipts =
        eventually(
            () ->
                Db.count(
                        "SELECT count(*) FROM email_outbox o JOIN customer_order c ON"
                            + " c.id = o.order_id WHERE c.customer = ? AND o.status = 'SENT'",
                        customer)
                    == orders,
            Duration.ofSeconds(30));
    Instant sent = Instant.now();
    boolean chained =
        eventually(
            () -> Db.count("SELECT count(*) FROM payment_log_pending") == 0,
            Duration.ofSeconds(10));
    Duration chainedAfter = Duration.between(sent, Instant.now());
    Map<Long, List<JsonNode>> charges = Sandbox.successfulChargesByOrder(ordered.keySet());
    long charged =
        charges.values().stream()
            .flatMap(List::stream)
            .mapToLong(c -> c.path("amount").asLong())
            .sum();
    long total = ordered.values().stream().mapToLong(Long::longValue).sum();
    System.out.printf(
        "Cluster soak %s: charges=%d ordered=%d JPY charged=%d JPY; receipts sent %d ms after the"
            + " last answer, pending facts chained %d ms after that%n",
        name,
        charges.values().stream().mapToInt(List::size).sum(),
        total,
        charged,
        Duration.between(done, sent).toMillis(),
        chainedAfter.toMillis());

    SoftAssertions soak = new SoftAssertions();
    soak.assertThat(receipts).as("every receipt sent within 30 s").isTrue();
    soak.assertThat(ordered).hasSize(orders);
    soak.assertThat(charges).as("orders charged").hasSize(orders);
    soak.assertThat(
            charges.entrySet().stream().filter(c -> c.getValue().size() > 1).map(Map.Entry::getKey))
        .as("orders charged more than once")
        .isEmpty();
    soak.assertThat(charged).as("charged").isEqualTo(total);
    soak.assertThat(
            Db.count(
                "SELECT count(*) FROM customer_order WHERE customer = ? AND status = 'PAID'",
                customer))
        .as("paid orders")
        .isEqualTo(orders);
    soak.assertThat(Db.count("SELECT count(*) FROM customer_order WHERE customer = ?", customer))
        .as("orders")
        .isEqualTo(orders);
    soak.assertThat(Db.reserved(sku)).as("still reserved").isZero();
    soak.assertThat(Db.onHand(sku)).as("left on hand").isZero();
    soak.assertThat(chained).as("every fact chained within 10 s of the last receipt").isTrue();
    JsonNode report =
        Shopper.json(Api.at(baseUrl, "auditor").get("/api/audit/payment-log/verify").body());
    soak.assertThat(report.path("intact").asBoolean()).as(report.toString()).isTrue();
    // A live count: a fact committed while the walk ran (another server's timer) waits for the
    // next round. Only one that has waited past the alarm says the sequencer is behind.
    soak.assertThat(report.path("unchainedTooLong").asBoolean()).as(report.toString()).isFalse();
    return soak;
  }

  private static boolean eventually(BooleanSupplier condition, Duration limit)
      throws InterruptedException {
    long deadline = System.nanoTime() + limit.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        return false;
      }
      Thread.sleep(50);
    }
    return true;
  }
}
