package io.ichido.it.payments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.it.support.Api;
import io.ichido.it.support.Db;
import io.ichido.it.support.Deployments;
import io.ichido.it.support.OrderJson;
import io.ichido.it.support.OwnDeployment;
import io.ichido.it.support.Sandbox;
import io.ichido.it.support.Shopper;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.container.annotation.ArquillianTest;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The gateway lanes (a bulkhead of 30 calls at once per server): a gateway that takes 5 s for every
 * call fills them, and orders and readiness keep answering meanwhile. A deployment of its own: a
 * read timeout longer than the gateway's 5 s (the shared one times out after 2 s), and lanes that
 * no other test may be using while this one fills them.
 */
@ArquillianTest
@OwnDeployment
class GatewayLanesIT {

  private static final String CHARGE = "/api/payments/charge";
  private static final Api SHOP_A = Api.as("shop-a");

  @Deployment(testable = false)
  static WebArchive deployment() {
    Map<String, String> config = Deployments.sharedConfiguration();
    config.put("ichido.gateway.read-timeout", "PT10S");
    return Deployments.appWith("ichido-gateway-lanes", config);
  }

  @Test
  @DisplayName("60 charges against a gateway taking 5 s each: orders and readiness keep answering")
  void slowGatewayStarvesNothing() throws Exception {
    String slowSku = Db.newProduct(60, 700, 10);
    List<JsonNode> orders = new ArrayList<>();
    Shopper shopper = new Shopper(SHOP_A);
    for (int i = 0; i < 60; i++) {
      orders.add(shopper.order(slowSku, 1));
    }
    String otherSku = Db.newProduct(100, 300, 10);
    for (JsonNode order : orders) {
      Sandbox.fault("stripe", order.get("id").asLong(), "delay", 1, 5000);
    }

    ExecutorService pool = Executors.newFixedThreadPool(62);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<HttpResponse<String>>> charges = new ArrayList<>();
      for (JsonNode order : orders) {
        charges.add(
            pool.submit(
                () -> {
                  start.await();
                  return SHOP_A.postJson(
                      CHARGE,
                      "slow-" + UUID.randomUUID(),
                      Shopper.chargeBody(order, "stripe", "card", "pm_card_visa"));
                }));
      }
      start.countDown();
      Thread.sleep(1000); // the gateway now holds every lane
      List<Long> orderMillis = new ArrayList<>();
      List<Long> readyMillis = new ArrayList<>();
      for (int i = 0; i < 20; i++) {
        long t0 = System.nanoTime();
        HttpResponse<String> placed =
            SHOP_A.postJson(
                "/api/orders", "other-" + UUID.randomUUID(), OrderJson.of("other", otherSku, 1));
        orderMillis.add(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0));
        assertThat(placed.statusCode()).isEqualTo(201);
        long t1 = System.nanoTime();
        HttpResponse<String> ready = Api.anonymous().get("/health/ready");
        readyMillis.add(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t1));
        assertThat(ready.statusCode()).isEqualTo(200);
      }
      List<Integer> statuses = new ArrayList<>();
      for (Future<HttpResponse<String>> charge : charges) {
        HttpResponse<String> answer = charge.get(90, TimeUnit.SECONDS);
        statuses.add(answer.statusCode());
        if (answer.statusCode() == 503) {
          assertThat(answer.body()).contains("gateway-busy");
          assertThat(answer.headers().firstValue("Retry-After")).isPresent();
        }
      }
      long paid = statuses.stream().filter(s -> s == 201).count();
      long busy = statuses.stream().filter(s -> s == 503).count();
      System.out.printf(
          "Slow gateway: 60 charges -> %d paid, %d busy; meanwhile orders p50 %d / max %d ms,"
              + " readiness p50 %d / max %d ms%n",
          paid,
          busy,
          percentile(orderMillis, 50),
          percentile(orderMillis, 100),
          percentile(readyMillis, 50),
          percentile(readyMillis, 100));
      assertThat(paid + busy).as("every charge paid or told busy: %s", statuses).isEqualTo(60);
      assertThat(paid).isPositive();
      assertThat(percentile(orderMillis, 100)).isLessThan(3000);
      assertThat(percentile(readyMillis, 100)).isLessThan(3000);
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  @DisplayName(
      "a signed return link loaded 60 times at once while its gateway takes 3 s: one read, and"
          + " the other charges keep their lanes")
  void oneReturnLinkCannotFillTheLanes() throws Exception {
    JsonNode order = new Shopper(SHOP_A).order(Db.newProduct(10, 2800, 10), 1);
    long orderId = order.get("id").asLong();
    HttpResponse<String> charged =
        SHOP_A.postJson(
            CHARGE,
            "pay-" + UUID.randomUUID(),
            Shopper.chargeBody(order, "omise", "card", "tokn_test_3ds"));
    assertThat(charged.statusCode()).as(charged.body()).isEqualTo(201);
    String returnUrl =
        Sandbox.omiseReturnUri(Shopper.json(charged.body()).path("charge_id").asText());
    String path = returnUrl.substring(returnUrl.indexOf("/api/"));
    // Every read of this order's charge takes 3 s at Omise, up to 100 of them.
    Sandbox.fault("omise", orderId, "delay", 100, 3000);

    ExecutorService pool = Executors.newFixedThreadPool(60);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<HttpResponse<String>>> loads = new ArrayList<>();
      for (int i = 0; i < 60; i++) {
        loads.add(
            pool.submit(
                () -> {
                  start.await();
                  return Api.anonymous().get(path);
                }));
      }
      start.countDown();
      Thread.sleep(500); // the loads have arrived; a read of the charge is at Omise
      JsonNode other = new Shopper(SHOP_A).order(Db.newProduct(10, 500, 10), 1);
      HttpResponse<String> otherCharge =
          SHOP_A.postJson(
              CHARGE,
              "pay-" + UUID.randomUUID(),
              Shopper.chargeBody(other, "stripe", "card", "pm_card_visa"));
      List<Integer> statuses = new ArrayList<>();
      for (Future<HttpResponse<String>> load : loads) {
        statuses.add(load.get(60, TimeUnit.SECONDS).statusCode());
      }

      assertThat(otherCharge.statusCode()).as(otherCharge.body()).isEqualTo(201);
      assertThat(statuses).as("every load answered").containsOnly(200);
      // What the delay fault has left of its 100 says how many reads reached Omise.
      assertThat(100 - Sandbox.faultsLeft(orderId))
          .as("reads of the charge at Omise")
          .isBetween(1L, 2L);
    } finally {
      pool.shutdownNow();
      Sandbox.clearFaults(orderId);
    }
  }

  private static long percentile(List<Long> millis, int p) {
    List<Long> sorted = millis.stream().sorted().toList();
    int index = Math.min(sorted.size() - 1, (int) Math.ceil(p / 100.0 * sorted.size()) - 1);
    return sorted.get(Math.max(index, 0));
  }
}
