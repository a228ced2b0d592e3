package io.ichido.it;

import static org.assertj.core.api.Assertions.assertThat;

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
import java.util.function.Function;
import java.util.stream.Collectors;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.container.annotation.ArquillianTest;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Real concurrent requests: the claim and the reservation under contention. */
@ArquillianTest
class OrderStormIT {

  private static final int STORM = 50;

  @Deployment(testable = false)
  static WebArchive deployment() {
    return Deployments.app();
  }

  @Test
  @DisplayName("50 identical requests at once with one key: one order, stock reserved once, no 5xx")
  void oneKeyStorm() throws Exception {
    String sku = Db.newProduct(100, 500, 10);
    String customer = OrderJson.customer("storm");
    String key = "storm-" + UUID.randomUUID();
    String body = OrderJson.of(customer, sku, 3);

    List<HttpResponse<String>> answers =
        fireTogether(i -> Api.as("shop-a").postJson("/api/orders", key, body));

    Map<Integer, Long> byStatus = countByStatus(answers);
    assertThat(byStatus.keySet()).allMatch(s -> s == 201 || s == 409);
    List<HttpResponse<String>> created =
        answers.stream().filter(a -> a.statusCode() == 201).toList();
    assertThat(created).isNotEmpty();
    assertThat(created.stream().map(HttpResponse::body).distinct()).hasSize(1);
    assertThat(
            created.stream().filter(a -> a.headers().firstValue("Idempotency-Replayed").isEmpty()))
        .hasSize(1);
    answers.stream()
        .filter(a -> a.statusCode() == 409)
        .forEach(a -> assertThat(a.body()).contains("idempotency-key-in-use"));
    assertThat(Db.ordersFor(customer)).isEqualTo(1);
    assertThat(Db.reserved(sku)).isEqualTo(3);
  }

  @Test
  @DisplayName(
      "50 orders with distinct keys for the last 10 units: exactly 10 succeed, never oversold")
  void lastUnitsStorm() throws Exception {
    String sku = Db.newProduct(10, 500, 10);
    String customer = OrderJson.customer("last-units");

    List<HttpResponse<String>> answers =
        fireTogether(
            i ->
                Api.as(i % 2 == 0 ? "shop-a" : "shop-b")
                    .postJson(
                        "/api/orders",
                        "last-" + UUID.randomUUID(),
                        OrderJson.of(customer, sku, 1)));

    Map<Integer, Long> byStatus = countByStatus(answers);
    assertThat(byStatus).containsOnlyKeys(201, 409);
    assertThat(byStatus.get(201)).isEqualTo(10);
    answers.stream()
        .filter(a -> a.statusCode() == 409)
        .forEach(a -> assertThat(a.body()).contains("out-of-stock"));
    assertThat(Db.ordersFor(customer)).isEqualTo(10);
    assertThat(Db.reserved(sku)).isEqualTo(10);
    assertThat(Db.count("SELECT on_hand - reserved FROM stock WHERE sku = ?", sku)).isZero();
  }

  private static List<HttpResponse<String>> fireTogether(
      Function<Integer, HttpResponse<String>> request) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(STORM);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<HttpResponse<String>>> futures = new ArrayList<>();
      for (int i = 0; i < STORM; i++) {
        int n = i;
        futures.add(
            pool.submit(
                () -> {
                  start.await();
                  return request.apply(n);
                }));
      }
      start.countDown();
      List<HttpResponse<String>> answers = new ArrayList<>();
      for (Future<HttpResponse<String>> f : futures) {
        answers.add(f.get(120, TimeUnit.SECONDS));
      }
      return answers;
    } finally {
      pool.shutdownNow();
    }
  }

  private static Map<Integer, Long> countByStatus(List<HttpResponse<String>> answers) {
    Map<Integer, Long> byStatus =
        answers.stream()
            .collect(Collectors.groupingBy(HttpResponse::statusCode, Collectors.counting()));
    System.out.println("Storm answers by status: " + byStatus);
    return byStatus;
  }
}
