package io.ichido.it.resilience;

import static org.assertj.core.api.Assertions.assertThat;

import io.ichido.it.support.Api;
import io.ichido.it.support.Db;
import io.ichido.it.support.OrderJson;
import io.ichido.it.support.Shopper;
import io.ichido.it.support.Together;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.stream.Collectors;

/**
 * Orders fired all at once, and what must hold after: through one server (OrderStormIT) or a load
 * balancer over several (ClusterIT). {@code caller.apply(i)} is who sends the i-th request.
 */
final class Storms {

  private Storms() {}

  /** What a storm left: the answers, and the one order it made. */
  record OneKey(List<HttpResponse<String>> answers, long orderId) {}

  /**
   * {@code n} identical orders for 3 units with one key: executed once, every other answer a replay
   * of it or 409 in-use, the stock reserved once.
   */
  static OneKey oneKey(int n, IntFunction<Api> caller) throws Exception {
    String sku = Db.newProduct(100, 500, 10);
    String customer = OrderJson.customer("storm");
    String key = "storm-" + UUID.randomUUID();
    String body = OrderJson.of(customer, sku, 3);

    List<HttpResponse<String>> answers =
        Together.fire(n, i -> caller.apply(i).postJson("/api/orders", key, body));

    report("one key", answers);
    assertThat(answers).allMatch(a -> a.statusCode() == 201 || a.statusCode() == 409);
    answers.stream()
        .filter(a -> a.statusCode() == 409)
        .forEach(a -> assertThat(a.body()).contains("idempotency-key-in-use"));
    List<HttpResponse<String>> created =
        answers.stream().filter(a -> a.statusCode() == 201).toList();
    assertThat(created).isNotEmpty();
    assertThat(created.stream().map(HttpResponse::body).distinct()).hasSize(1);
    assertThat(created)
        .filteredOn(a -> a.headers().firstValue("Idempotency-Replayed").isEmpty())
        .as("executed once, every other 201 a replay")
        .hasSize(1);
    assertThat(Db.ordersFor(customer)).isEqualTo(1);
    assertThat(Db.reserved(sku)).isEqualTo(3);
    return new OneKey(answers, Shopper.json(created.get(0).body()).path("id").asLong());
  }

  /**
   * {@code n} orders with distinct keys for the last 10 units: exactly 10 made, every other answer
   * 409 out-of-stock, nothing oversold.
   */
  static List<HttpResponse<String>> lastUnits(int n, IntFunction<Api> caller) throws Exception {
    String sku = Db.newProduct(10, 500, 10);
    String customer = OrderJson.customer("last-units");

    List<HttpResponse<String>> answers =
        Together.fire(
            n,
            i ->
                caller
                    .apply(i)
                    .postJson(
                        "/api/orders",
                        "last-" + UUID.randomUUID(),
                        OrderJson.of(customer, sku, 1)));

    report("last units", answers);
    assertThat(answers).filteredOn(a -> a.statusCode() == 201).hasSize(10);
    assertThat(answers)
        .filteredOn(a -> a.statusCode() != 201)
        .allSatisfy(
            a -> {
              assertThat(a.statusCode()).isEqualTo(409);
              assertThat(a.body()).contains("out-of-stock");
            });
    assertThat(Db.ordersFor(customer)).isEqualTo(10);
    assertThat(Db.reserved(sku)).isEqualTo(10);
    assertThat(Db.count("SELECT on_hand - reserved FROM stock WHERE sku = ?", sku)).isZero();
    return answers;
  }

  /** Prints the answers by status and, behind a load balancer, by the server that gave them. */
  private static void report(String storm, List<HttpResponse<String>> answers) {
    Function<HttpResponse<String>, String> status =
        a ->
            a.statusCode()
                + a.headers()
                    .firstValue(LoadBalancer.SERVED_BY)
                    .map(server -> " from " + server)
                    .orElse("");
    System.out.println(
        "Storm, "
            + storm
            + ": "
            + answers.stream().collect(Collectors.groupingBy(status, Collectors.counting())));
  }
}
