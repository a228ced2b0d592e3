package io.ichido.it.resilience;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.client.HttpClientTries;
import io.ichido.client.JaxRsTries;
import io.ichido.client.OperationKey;
import io.ichido.client.Outcome;
import io.ichido.client.Retries;
import io.ichido.client.RetryPolicy;
import io.ichido.client.Wire;
import io.ichido.it.support.Api;
import io.ichido.it.support.Await;
import io.ichido.it.support.Db;
import io.ichido.it.support.FaultProxy;
import io.ichido.it.support.OnSharedDeployment;
import io.ichido.it.support.OrderJson;
import io.ichido.it.support.Sandbox;
import io.ichido.it.support.Shopper;
import jakarta.ws.rs.client.Client;
import jakarta.ws.rs.client.ClientBuilder;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.client.WebTarget;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The client's half against the real server, through {@link FaultProxy}: whatever the network does
 * to a try, the operation takes effect once; a final answer is surfaced at once.
 */
class ClientRetriesIT extends OnSharedDeployment {

  private static final String AUTHORIZATION =
      "Basic "
          + Base64.getEncoder()
              .encodeToString("shop-a:shop-a-secret".getBytes(StandardCharsets.UTF_8));
  private static final RetryPolicy QUICK =
      new RetryPolicy(6, Duration.ofSeconds(30), Duration.ofMillis(100), Duration.ofSeconds(1));

  private FaultProxy proxy;

  @BeforeEach
  void proxy() throws Exception {
    URI server = URI.create(Api.BASE);
    proxy = FaultProxy.to(server.getHost(), server.getPort());
  }

  @AfterEach
  void closeProxy() throws Exception {
    proxy.close();
  }

  /** A try with a client of its own, so that each try opens a connection the proxy can fail. */
  private Retries.Try<HttpResponse<String>> post(String path, OperationKey key, String body)
      throws InterruptedException {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(proxy.baseUrl() + path))
            .timeout(Duration.ofSeconds(2))
            .header("Authorization", AUTHORIZATION)
            .header("Content-Type", "application/json")
            .header(Wire.KEY_HEADER, key.value())
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build();
    return HttpClientTries.send(
        HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build(), request);
  }

  private Retries.Result<HttpResponse<String>> order(OperationKey key, String body)
      throws InterruptedException {
    return Retries.of(QUICK).run(key, k -> post("/api/orders", k, body));
  }

  @Test
  @DisplayName("the answer lost after the order was made: the retry is told it, one order")
  void lostAnswer() throws Exception {
    String sku = Db.newProduct(5, 1000, 10);
    String customer = OrderJson.customer("client-lost");
    proxy.next(FaultProxy.Fault.DROP_RESPONSE);

    Retries.Result<HttpResponse<String>> result =
        order(OperationKey.random(), OrderJson.of(customer, sku, 1));

    assertThat(proxy.droppedAnswers()).isEqualTo(1);
    assertThat(result.attempts()).isEqualTo(2);
    assertThat(result.value().statusCode()).isEqualTo(201);
    assertThat(result.replayed()).as("the stored answer of the first try").isTrue();
    assertOneOrder(customer, sku);
  }

  @Test
  @DisplayName("reset before the request reached us, then a slow network: one order")
  void neverReachedThenTimedOut() throws Exception {
    String sku = Db.newProduct(5, 1000, 10);
    String customer = OrderJson.customer("client-reset");
    proxy.delay(Duration.ofSeconds(3)).next(FaultProxy.Fault.RESET).next(FaultProxy.Fault.DELAY);

    Retries.Result<HttpResponse<String>> result =
        order(OperationKey.random(), OrderJson.of(customer, sku, 1));

    assertThat(result.value().statusCode()).isEqualTo(201);
    // java.net.http may itself retry the reset connection, which then meets the delay.
    assertThat(result.attempts()).isBetween(2, 6);
    // The delayed try reaches the server late, after the client gave up on it: still one order.
    Await.until("the delayed try to be answered too", () -> proxy.answers() >= 2);
    assertOneOrder(customer, sku);
  }

  private static void assertOneOrder(String customer, String sku) {
    assertThat(Db.ordersFor(customer)).as("orders").isEqualTo(1);
    assertThat(Db.reserved(sku)).as("units reserved").isEqualTo(1);
  }

  @Test
  @DisplayName("the same key with another body: 422 surfaced after one try, never retried")
  void reusedKeyIsFinal() throws Exception {
    String sku = Db.newProduct(5, 1000, 10);
    OperationKey key = OperationKey.random();
    assertThat(
            order(key, OrderJson.of(OrderJson.customer("client-422"), sku, 1)).value().statusCode())
        .isEqualTo(201);

    Retries.Result<HttpResponse<String>> reused =
        order(key, OrderJson.of(OrderJson.customer("client-422"), sku, 2));

    assertThat(reused.attempts()).isEqualTo(1);
    assertThat(reused.settled()).isTrue();
    assertThat(reused.value().statusCode()).isEqualTo(422);
    assertThat(((Outcome.Answered) reused.outcome()).problemType())
        .isEqualTo("idempotency-key-reused");
  }

  @Test
  @DisplayName("a charge whose answer was lost: retried with its key, charged once")
  void lostChargeAnswer() throws Exception {
    String sku = Db.newProduct(5, 1500, 10);
    JsonNode order =
        Shopper.json(
            order(OperationKey.random(), OrderJson.of(OrderJson.customer("client-pay"), sku, 1))
                .value()
                .body());
    proxy.next(FaultProxy.Fault.DROP_RESPONSE);

    Retries.Result<HttpResponse<String>> paid =
        Retries.of(QUICK)
            .run(
                OperationKey.random(),
                k ->
                    post(
                        "/api/payments/charge",
                        k,
                        Shopper.chargeBody(
                            order, "stripe", "card", Sandbox.CARD_THAT_PAYS.get("stripe"))));

    assertThat(paid.value().statusCode()).as(paid.value().body()).isEqualTo(201);
    assertThat(paid.replayed()).isTrue();
    long orderId = order.get("id").asLong();
    Map<Long, List<JsonNode>> charges = Sandbox.successfulChargesByOrder(Set.of(orderId));
    assertThat(charges.get(orderId)).hasSize(1);
  }

  @Test
  @DisplayName("a Jakarta REST client (RESTEasy) with JaxRsTries: lost answer retried, 422 final")
  void jakartaRestClient() throws Exception {
    String sku = Db.newProduct(5, 1000, 10);
    String customer = OrderJson.customer("client-jaxrs");
    Client client =
        ClientBuilder.newBuilder()
            .connectTimeout(2, TimeUnit.SECONDS)
            .readTimeout(2, TimeUnit.SECONDS)
            .build();
    try {
      WebTarget orders = client.target(proxy.baseUrl()).path("api/orders");
      OperationKey key = OperationKey.random();
      proxy.next(FaultProxy.Fault.DROP_RESPONSE);

      Retries.Result<Response> made = orderThrough(orders, key, OrderJson.of(customer, sku, 1));

      try (Response answer = made.value()) {
        assertThat(answer.getStatus()).isEqualTo(201);
      }
      assertThat(made.attempts()).isEqualTo(2);
      assertThat(made.replayed()).as("the stored answer of the first try").isTrue();
      assertOneOrder(customer, sku);

      Retries.Result<Response> reused = orderThrough(orders, key, OrderJson.of(customer, sku, 2));

      assertThat(reused.attempts()).isEqualTo(1);
      try (Response answer = reused.value()) {
        assertThat(answer.getStatus()).isEqualTo(422);
        // The problem was read to decide, and is still there for the caller to read.
        assertThat(answer.readEntity(String.class)).contains("idempotency-key-reused");
      }
      assertOneOrder(customer, sku);
    } finally {
      client.close();
    }
  }

  private static Retries.Result<Response> orderThrough(
      WebTarget orders, OperationKey key, String body) throws InterruptedException {
    return Retries.of(QUICK)
        .run(
            key,
            k ->
                JaxRsTries.send(
                    orders
                        .request(MediaType.APPLICATION_JSON)
                        .header("Authorization", AUTHORIZATION)
                        .header(Wire.KEY_HEADER, k.value())
                        .buildPost(Entity.json(body))));
  }
}
