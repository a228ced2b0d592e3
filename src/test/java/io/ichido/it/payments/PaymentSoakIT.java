package io.ichido.it.payments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.it.support.Api;
import io.ichido.it.support.Db;
import io.ichido.it.support.OnSharedDeployment;
import io.ichido.it.support.Sandbox;
import io.ichido.it.support.Shopper;
import io.ichido.it.support.SoakSize;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Orders paid at once by 16 retrying clients through a sandbox that misbehaves at random on every
 * gateway, half of whose retries carry a new key (a second tab, a restarted checkout): still one
 * charge per order. What it proves beyond PaymentsIT (every failure mode of every gateway, one at a
 * time): the failures mixed and concurrent, and careless keys. 200 orders (about 300 gateway calls,
 * some 45 of them failed) prove it in {@code ./mvnw verify}; {@code -Psoak} runs the 1,000 it was
 * written with.
 */
class PaymentSoakIT extends OnSharedDeployment {

  private static final int ORDERS = SoakSize.of(200, 1000);
  private static final int CLIENTS = 16;
  private static final List<String> GATEWAYS = List.of("stripe", "omise", "komoju", "2c2p");

  /** The first try's key, then on every retry a coin decides: the same key or a new one. */
  private static Supplier<String> carelessKeys() {
    String[] key = {"soak-" + UUID.randomUUID()};
    boolean[] first = {true};
    return () -> {
      if (!first[0] && ThreadLocalRandom.current().nextBoolean()) {
        key[0] = "soak-" + UUID.randomUUID();
      }
      first[0] = false;
      return key[0];
    };
  }

  @Test
  @DisplayName(
      "15% of gateway calls failing, half the retries with a new key: charges == orders, charged =="
          + " ordered")
  void soak() throws Exception {
    String sku = Db.newProduct(ORDERS, 1234, 10);
    Map<Long, Long> ordered = new ConcurrentHashMap<>();
    AtomicInteger retries = new AtomicInteger();
    AtomicInteger newKeyFoundItPaid = new AtomicInteger();
    ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
    long started = System.nanoTime();
    List<Long> ids = new ArrayList<>();
    try {
      // The orders first, so that the chaos is this test's alone: only their calls fail.
      Callable<JsonNode> placeOne = () -> new Shopper(Api.as("shop-a")).order(sku, 1);
      List<JsonNode> orders = new ArrayList<>();
      for (Future<JsonNode> placed : clients.invokeAll(Collections.nCopies(ORDERS, placeOne))) {
        orders.add(placed.get());
        ids.add(placed.get().get("id").asLong());
      }
      Sandbox.chaos(
          0.15,
          20261130L,
          List.of("reset", "http500", "http503", "http429", "timeout", "drop", "delay", "slow"),
          2500,
          ids);
      List<Future<?>> work = new ArrayList<>();
      for (int i = 0; i < ORDERS; i++) {
        String gateway = GATEWAYS.get(i % GATEWAYS.size());
        JsonNode order = orders.get(i);
        work.add(
            clients.submit(
                () -> {
                  Shopper shopper = new Shopper(Api.as("shop-a"));
                  HttpResponse<String> paid =
                      shopper.untilFinal(
                          "/api/payments/charge",
                          carelessKeys(),
                          Shopper.chargeBody(
                              order, gateway, "card", Sandbox.CARD_THAT_PAYS.get(gateway)));
                  // A new key after the order was paid is told so: also a final answer.
                  if (paid.statusCode() == 409) {
                    assertThat(paid.body()).contains("order-already-paid");
                    newKeyFoundItPaid.incrementAndGet();
                  } else {
                    assertThat(paid.statusCode()).as(paid.body()).isEqualTo(201);
                  }
                  ordered.put(order.get("id").asLong(), order.get("amount").asLong());
                  retries.addAndGet(shopper.retries());
                }));
      }
      for (Future<?> f : work) {
        f.get(15, TimeUnit.MINUTES);
      }
    } finally {
      clients.shutdownNow();
      Sandbox.calm(ids);
    }
    long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started);

    long charges = 0;
    long charged = 0;
    Map<Long, Integer> chargesPerOrder = new ConcurrentHashMap<>();
    for (JsonNode entry : Sandbox.ledger()) {
      String reference = entry.path("reference").asText().replace("ORDER-", "").split("-")[0];
      long orderId;
      try {
        orderId = Long.parseLong(reference);
      } catch (NumberFormatException notOurs) {
        continue;
      }
      if (!ordered.containsKey(orderId) || "failed".equals(entry.path("status").asText())) {
        continue;
      }
      charges++;
      charged += entry.path("amount").asLong();
      chargesPerOrder.merge(orderId, 1, Integer::sum);
    }
    long total = ordered.values().stream().mapToLong(Long::longValue).sum();
    System.out.printf(
        "Soak: orders=%d charges=%d ordered=%d JPY charged=%d JPY client-retries=%d"
            + " answered-already-paid=%d sandbox=%s in %d s%n",
        ordered.size(),
        charges,
        total,
        charged,
        retries.get(),
        newKeyFoundItPaid.get(),
        Sandbox.stats(),
        seconds);

    assertThat(ordered).hasSize(ORDERS);
    assertThat(chargesPerOrder.values()).allMatch(n -> n == 1);
    assertThat(charges).isEqualTo(ORDERS);
    assertThat(charged).isEqualTo(total);
    assertThat(
            Db.count(
                "SELECT count(*) FROM customer_order WHERE status = 'PAID' AND id IN ("
                    + ordered.keySet().stream()
                        .map(String::valueOf)
                        .reduce((a, b) -> a + "," + b)
                        .orElseThrow()
                    + ")"))
        .isEqualTo(ORDERS);
    // Every unit sold exactly once: none left reserved, none left on hand.
    assertThat(Db.reserved(sku)).isZero();
    assertThat(Db.onHand(sku)).isZero();
  }
}
