package io.ichido.it.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.generated.ApiClient;
import io.ichido.generated.ApiException;
import io.ichido.generated.ApiResponse;
import io.ichido.generated.api.OrdersApi;
import io.ichido.generated.api.PaymentsApi;
import io.ichido.generated.model.ChargeRequest;
import io.ichido.generated.model.ChargeView;
import io.ichido.generated.model.CreateOrderRequest;
import io.ichido.generated.model.Item;
import io.ichido.generated.model.OrderView;
import io.ichido.it.platform.OtlpReceiver.ReceivedSpan;
import io.ichido.it.support.Api;
import io.ichido.it.support.Await;
import io.ichido.it.support.Db;
import io.ichido.it.support.Deployments;
import io.ichido.it.support.Mailbox;
import io.ichido.it.support.OrderJson;
import io.ichido.it.support.OwnDeployment;
import io.ichido.it.support.Sandbox;
import io.ichido.it.support.ServerLog;
import io.ichido.it.support.Shopper;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.Statement;
import java.util.Base64;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.container.annotation.ArquillianTest;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Health, OpenAPI, metrics and traces as operators and client teams see them. */
@ArquillianTest
@OwnDeployment
class PlatformIT {

  /** Where the server exports its spans (an OTLP collector of the test's own). */
  private static final OtlpReceiver TRACES = OtlpReceiver.start();

  private static final Mailbox MAILBOX = Mailbox.shared();

  @Deployment(testable = false)
  static WebArchive deployment() {
    // Gateways on (the sandbox) for the generated client's charge and the traced ones; the
    // mailbox for the outbox's span; traces to the receiver, exported every 100 ms.
    Map<String, String> config = new HashMap<>(Deployments.mailingTheMailbox());
    config.put("otel.sdk.disabled", "false");
    config.put("otel.exporter.otlp.endpoint", TRACES.endpoint());
    config.put("otel.exporter.otlp.protocol", "http/protobuf");
    config.put("otel.bsp.schedule.delay", "100");
    config.put("otel.service.name", "ichido-platform-it");
    return Deployments.appWith("ichido-platform", config);
  }

  @Test
  @DisplayName(
      "traces: executed, replayed, reused on the request spans, the key only as its SHA-256, and"
          + " nowhere in any span")
  void replayTraced() throws Exception {
    String key = "traced-" + UUID.randomUUID();
    String sku = Db.newProduct(10, 100, 10);
    String body = OrderJson.of("traces", sku, 1);
    assertThat(Api.as("shop-a").postJson("/api/orders", key, body).statusCode()).isEqualTo(201);
    assertThat(Api.as("shop-a").postJson("/api/orders", key, body).statusCode()).isEqualTo(201);
    String other = OrderJson.of("traces", sku, 2);
    assertThat(Api.as("shop-a").postJson("/api/orders", key, other).statusCode()).isEqualTo(422);

    String hash =
        HexFormat.of()
            .formatHex(
                MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8)));
    List<ReceivedSpan> marked =
        TRACES.await(
            "three requests with the key",
            3,
            span -> hash.equals(span.text("ichido.idempotency.key_sha256")));
    assertThat(marked)
        .extracting(span -> span.text("ichido.idempotency.outcome"))
        .containsExactlyInAnyOrder("executed", "replayed", "reused");
    assertThat(marked)
        .allSatisfy(
            span -> {
              assertThat(span.kind()).isEqualTo("SPAN_KIND_SERVER");
              assertThat(span.service()).isEqualTo("ichido-platform-it");
              assertThat(span.text("ichido.idempotency.scope")).isEqualTo("principal:shop-a");
            });
    assertThat(TRACES.spans())
        .as("the raw key in no span's attributes")
        .noneMatch(span -> span.attributes().values().toString().contains(key));
  }

  @Test
  @DisplayName(
      "traces: a gateway call that failed once is two tries in the charge's trace, and the"
          + " gateway got the trace context")
  void retriedGatewayCallTraced() throws Exception {
    JsonNode order = Shopper.json(placeOrder("retried-trace"));
    long orderId = order.path("id").asLong();
    Sandbox.fault("stripe", orderId, "http503", 1, 0);
    HttpResponse<String> charged =
        Api.as("shop-a")
            .postJson(
                "/api/payments/charge",
                "pay-" + UUID.randomUUID(),
                Shopper.chargeBody(order, "stripe", "card", Sandbox.CARD_THAT_PAYS.get("stripe")));
    assertThat(charged.statusCode()).as(charged.body()).isEqualTo(201);

    List<ReceivedSpan> tries =
        TRACES.await(
            "two tries of the stripe charge",
            2,
            span ->
                "stripe charge".equals(span.name()) && orderId == longOf(span, "ichido.order.id"));
    assertThat(tries).hasSize(2);
    assertThat(tries)
        .extracting(
            span -> longOf(span, "ichido.gateway.retry"),
            span -> span.text("ichido.gateway.outcome"))
        .containsExactlyInAnyOrder(tuple(0L, "unavailable"), tuple(1L, "succeeded"));
    assertThat(tries)
        .allSatisfy(span -> assertThat(span.text("ichido.gateway")).isEqualTo("stripe"));
    String traceId = tries.get(0).traceId();
    assertThat(tries.get(1).traceId()).isEqualTo(traceId);
    TRACES.await(
        "the charge request's own span",
        1,
        span ->
            span.traceId().equals(traceId)
                && span.kind().equals("SPAN_KIND_SERVER")
                && "executed".equals(span.text("ichido.idempotency.outcome")));
    // The span list of docs/operations.md (Traces) comes from here.
    Files.createDirectories(Path.of("target", "traces"));
    Files.writeString(Path.of("target", "traces", "charge-retried.txt"), TRACES.tree(traceId));
    // Two tries of the charge, and the read-back of the second's success: a try after a failed
    // one is a resend, whose answer may be the gateway's replay of the first's.
    assertThat(Sandbox.stats().path("traced").findValuesAsText("traceparent"))
        .as("traceparents the sandbox's Stripe received")
        .filteredOn(traceparent -> traceparent.contains("-" + traceId + "-"))
        .hasSize(3);
  }

  @Test
  @DisplayName(
      "traces: a webhook delivered twice is processed then duplicate, and the receipt's mail is"
          + " an outbox span")
  void webhooksAndOutboxTraced() {
    String email = "traced-" + UUID.randomUUID() + "@example.jp";
    JsonNode order = Shopper.json(placeOrder(email));
    long orderId = order.path("id").asLong();
    HttpResponse<String> charged =
        Api.as("shop-a")
            .postJson(
                "/api/payments/charge",
                "pay-" + UUID.randomUUID(),
                Shopper.chargeBody(order, "komoju", "konbini", "", email));
    assertThat(charged.statusCode()).as(charged.body()).isEqualTo(201);
    String chargeId = Shopper.json(charged.body()).path("charge_id").asText();
    String eventId = Sandbox.complete("komoju", chargeId).path("webhook").path("eventId").asText();
    Sandbox.redeliver(eventId);

    List<ReceivedSpan> deliveries =
        TRACES.await(
            "two deliveries of " + eventId,
            2,
            span -> eventId.equals(span.text("ichido.webhook.event_id")));
    assertThat(deliveries)
        .extracting(span -> span.text("ichido.webhook.outcome"))
        .containsExactlyInAnyOrder("processed", "duplicate");
    assertThat(deliveries)
        .allSatisfy(
            span -> {
              assertThat(span.text("ichido.webhook.gateway")).isEqualTo("komoju");
              assertThat(span.text("ichido.webhook.event_type")).isNotBlank();
            });
    assertThat(Sandbox.stats().path("traced").findValuesAsText("gateway"))
        .as("the Rest Client adapters propagate too")
        .contains("komoju");

    List<ReceivedSpan> sent =
        TRACES.await(
            "the outbox sending order " + orderId + "'s receipt",
            1,
            span ->
                "outbox send".equals(span.name())
                    && orderId == longOf(span, "ichido.order.id")
                    && "sent".equals(span.text("ichido.outbox.outcome")));
    assertThat(sent.get(0).text("ichido.outbox.dedupe_key")).isNotBlank();
    assertThat(sent.get(0).attributes().values().toString()).doesNotContain(email);
  }

  private static String placeOrder(String customer) {
    HttpResponse<String> placed =
        Api.as("shop-a")
            .postJson(
                "/api/orders",
                "order-" + UUID.randomUUID(),
                OrderJson.of(customer, Db.newProduct(10, 1000, 10), 1));
    assertThat(placed.statusCode()).as(placed.body()).isEqualTo(201);
    return placed.body();
  }

  private static long longOf(ReceivedSpan span, String attribute) {
    Object value = span.attribute(attribute);
    return value instanceof Long number ? number : -1;
  }

  @Test
  @DisplayName(
      "the OpenAPI document shows Idempotency-Key and 400/409/422 on every @Idempotent operation")
  void openApiDocumentsIdempotency() {
    HttpResponse<String> doc =
        Api.send(
            Api.anonymous().request("/openapi").header("Accept", "application/json").GET().build());

    assertThat(doc.statusCode()).isEqualTo(200);
    String body = doc.body();
    int post = body.indexOf("\"/api/orders\"");
    assertThat(post).isNotNegative();
    String orders =
        body.substring(
            post,
            body.indexOf("\"/api/orders/", post + 1) > 0
                ? body.indexOf("\"/api/orders/", post + 1)
                : body.length());
    assertThat(orders)
        .contains("\"Idempotency-Key\"")
        .contains("\"in\" : \"header\"")
        .contains("\"409\"")
        .contains("\"422\"")
        .contains("\"400\"");
    assertThat(Api.send(Api.anonymous().request("/openapi/ui/").GET().build()).statusCode())
        .isEqualTo(200);
  }

  @Test
  @DisplayName(
      "the Idempotency-Key of each @Idempotent operation says how long a key is kept: the"
          + " configured ichido.idempotency.retention where the operation names none")
  void openApiPublishesKeyRetention() {
    HttpResponse<String> doc =
        Api.send(
            Api.anonymous().request("/openapi").header("Accept", "application/json").GET().build());
    JsonNode paths = Shopper.json(doc.body()).path("paths");

    for (JsonNode operation :
        List.of(paths.at("/~1api~1orders/post"), paths.at("/~1api~1payments~1charge/post"))) {
      JsonNode key = null;
      for (JsonNode parameter : operation.path("parameters")) {
        if ("Idempotency-Key".equals(parameter.path("name").asText())) {
          key = parameter;
        }
      }
      assertThat(key).as(operation.path("operationId").asText()).isNotNull();
      assertThat(key.path("x-idempotency-key-retention").asText()).isEqualTo("PT24H");
      assertThat(key.path("description").asText()).contains("for PT24H");
    }
  }

  /** Redocly CLI from npm, the version this test was written against, installed under target. */
  private static final String REDOCLY = "@redocly/cli@2.77.0";

  private static final Path REDOCLY_HOME = Path.of("target", "redocly");

  private static final Path KEPT_DOCUMENT = Path.of("src", "main", "openapi", "ichido-api.json");

  @Test
  @DisplayName("the API document passes Redocly's recommended rules: no error, no warning")
  void apiDocumentLints() throws Exception {
    HttpResponse<String> doc = Api.send(Api.anonymous().request("/openapi").GET().build());
    assertThat(doc.statusCode()).isEqualTo(200);
    Path file = Path.of("target", "openapi.yaml");
    Files.writeString(file, doc.body());
    assertThat(doc.body())
        .as("the benchmark's endpoints are no part of the API")
        .doesNotContain("/api/bench");

    Process lint =
        new ProcessBuilder(
                redocly().toString(),
                "lint",
                file.toString(),
                "--config",
                "src/test/resources/redocly.yaml",
                "--format=json")
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    String report = new String(lint.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(lint.waitFor(2, TimeUnit.MINUTES)).isTrue();
    JsonNode totals = Shopper.json(report).path("totals");
    assertThat(totals.path("errors").asInt()).as(report).isZero();
    assertThat(totals.path("warnings").asInt()).as(report).isZero();
    assertThat(lint.exitValue()).as(report).isZero();
  }

  @Test
  @DisplayName(
      "the served document is the one in src/main/openapi, which clients are generated from")
  void keptDocumentIsServed() throws Exception {
    HttpResponse<String> doc =
        Api.send(
            Api.anonymous().request("/openapi").header("Accept", "application/json").GET().build());
    Path served = Path.of("target", "openapi.json");
    Files.writeString(served, doc.body());
    JsonNode kept = Shopper.json(Files.readString(KEPT_DOCUMENT));
    assertThat(Shopper.json(doc.body()))
        .withFailMessage(
            "%s is not what /openapi serves: review the difference, then copy %s over it",
            KEPT_DOCUMENT, served)
        .isEqualTo(kept);
  }

  @Test
  @DisplayName("a client generated from it places an order with a key, replays it, charges, reads")
  void generatedClient() throws Exception {
    ApiClient client = new ApiClient();
    client.updateBaseUri(Api.BASE);
    client.setRequestInterceptor(
        request ->
            request.header(
                "Authorization",
                "Basic "
                    + Base64.getEncoder()
                        .encodeToString("shop-a:shop-a-secret".getBytes(StandardCharsets.UTF_8))));
    OrdersApi orders = new OrdersApi(client);
    String sku = Db.newProduct(5, 1000, 10);
    CreateOrderRequest order =
        new CreateOrderRequest()
            .customer(OrderJson.customer("generated"))
            .currency("JPY")
            .addItemsItem(new Item().sku(sku).quantity(2));
    String key = "generated-" + UUID.randomUUID();

    ApiResponse<OrderView> placed = orders.createOrderWithHttpInfo(key, order);
    ApiResponse<OrderView> again = orders.createOrderWithHttpInfo(key, order);

    assertThat(placed.getStatusCode()).isEqualTo(201);
    assertThat(again.getData().getId()).isEqualTo(placed.getData().getId());
    assertThat(again.getHeaders().get("Idempotency-Replayed")).containsExactly("true");
    assertThat(Db.reserved(sku)).as("units reserved once").isEqualTo(2);
    long id = placed.getData().getId();

    ChargeView charge =
        new PaymentsApi(client)
            .chargeOrder(
                "pay-" + UUID.randomUUID(),
                new ChargeRequest()
                    .orderId(id)
                    .amount(placed.getData().getAmount())
                    .currency("JPY")
                    .gateway("stripe")
                    .method("card")
                    .token(Sandbox.CARD_THAT_PAYS.get("stripe")));
    assertThat(charge.getOrderStatus()).isEqualTo("PAID");
    assertThat(orders.getOrder(id).getStatus()).isEqualTo("PAID");

    ApiException reused =
        catchThrowableOfType(
            ApiException.class, () -> orders.createOrder(key, order.customer("someone else")));
    assertThat(reused.getCode()).isEqualTo(422);
    assertThat(reused.getResponseBody()).contains("idempotency-key-reused");
  }

  /** The CLI, installed with npm on first use (it needs Node.js and the npm registry). */
  private static Path redocly() throws Exception {
    Path cli = REDOCLY_HOME.resolve("node_modules/.bin/redocly");
    if (!Files.isExecutable(cli)) {
      Process install =
          new ProcessBuilder(
                  "npm",
                  "install",
                  "--prefix",
                  REDOCLY_HOME.toString(),
                  "--no-audit",
                  "--no-fund",
                  REDOCLY)
              .redirectErrorStream(true)
              .start();
      String log = new String(install.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(install.waitFor(5, TimeUnit.MINUTES)).as("npm install " + REDOCLY).isTrue();
      assertThat(install.exitValue())
          .as("npm install %s (Node.js and npm are Debian's nodejs and npm): %s", REDOCLY, log)
          .isZero();
    }
    return cli;
  }

  @Test
  @DisplayName("metrics count executions, replays and conflicts, and time the claim")
  void metrics() {
    String sku = Db.newProduct(10, 100, 10);
    String key = "metrics-" + UUID.randomUUID();
    String body = OrderJson.of("metrics", sku, 1);
    Api.as("shop-a").postJson("/api/orders", key, body);
    Api.as("shop-a").postJson("/api/orders", key, body);
    Api.as("shop-a").postJson("/api/orders", key, OrderJson.of("metrics", sku, 2));

    String metrics = Api.at(Api.SECURE_BASE, "operator").get("/metrics?scope=application").body();

    assertThat(metrics)
        .containsPattern("ichido_idempotency_executed_total\\{[^}]*} [1-9]")
        .containsPattern("ichido_idempotency_replayed_total\\{[^}]*} [1-9]")
        .containsPattern("ichido_idempotency_reused_mismatch_total\\{[^}]*} [1-9]")
        .contains("ichido_idempotency_in_use_total")
        .contains("ichido_idempotency_released_total")
        .contains("ichido_idempotency_purged_total")
        .contains("ichido_idempotency_claim_seconds");
  }

  @Test
  @DisplayName("/metrics answers only the operator group, and only over HTTPS")
  void metricsNeedAnOperatorAndHttps() {
    String metrics = "/metrics?scope=application";

    assertThat(Api.at(Api.SECURE_BASE, "operator").get(metrics).statusCode()).isEqualTo(200);
    assertThat(Api.at(Api.SECURE_BASE, "shop-a").get(metrics).statusCode()).isEqualTo(403);
    assertThat(Api.at(Api.SECURE_BASE, "auditor").get(metrics).statusCode()).isEqualTo(403);
    assertThat(
            Api.send(
                    HttpRequest.newBuilder(java.net.URI.create(Api.SECURE_BASE + metrics))
                        .GET()
                        .build())
                .statusCode())
        .isEqualTo(401);
    HttpResponse<String> plain = Api.as("operator").get(metrics);
    assertThat(plain.statusCode()).as("sent back to HTTPS, nothing served").isEqualTo(302);
    assertThat(plain.headers().firstValue("Location").orElse("")).startsWith("https://");
    assertThat(plain.body()).doesNotContain("ichido_");
  }

  @Test
  @DisplayName("the API answers over HTTPS as over HTTP")
  void apiOverHttps() {
    HttpResponse<String> stock =
        Api.at(Api.SECURE_BASE, "shop-a").get("/api/inventory/TEA-SENCHA-100G");

    assertThat(stock.statusCode()).isEqualTo(200);
  }

  @Test
  @DisplayName(
      "startup warns, per variable, that the shipped database and demo passwords are in use")
  void warnsOfShippedPasswords() {
    List<String> warnings =
        ServerLog.lines("W").stream()
            .filter(line -> line.contains("has the value this repository ships with"))
            .toList();

    assertThat(warnings)
        .anySatisfy(line -> assertThat(line).contains(" DB_PASSWORD has"))
        .anySatisfy(line -> assertThat(line).contains(" SHOP_A_PASSWORD has"))
        .anySatisfy(line -> assertThat(line).contains(" AUDITOR_PASSWORD has"))
        .anySatisfy(line -> assertThat(line).contains(" OPERATOR_PASSWORD has"));
    assertThat(ServerLog.text())
        .doesNotContain("shop-a-secret")
        .doesNotContain("auditor-secret")
        .doesNotContain("operator-secret");
  }

  @Test
  @DisplayName("readiness is DOWN while the database refuses connections, UP again after")
  void readinessFollowsTheDatabase() throws Exception {
    assertThat(Api.anonymous().get("/health/ready").statusCode()).isEqualTo(200);
    // Administered from the "postgres" database: a session cannot lock out its own database.
    try (Connection admin = Db.connectTo("postgres");
        Statement sql = admin.createStatement()) {
      try {
        sql.execute("ALTER DATABASE \"" + Db.name() + "\" ALLOW_CONNECTIONS false");
        sql.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                + " WHERE datname = '"
                + Db.name()
                + "'");

        HttpResponse<String> down = Api.anonymous().get("/health/ready");
        assertThat(down.statusCode()).isEqualTo(503);
        assertThat(down.body()).contains("\"DOWN\"");
      } finally {
        sql.execute("ALTER DATABASE \"" + Db.name() + "\" ALLOW_CONNECTIONS true");
      }
    }
    Await.until(
        "readiness to be UP again", () -> Api.anonymous().get("/health/ready").statusCode() == 200);
  }
}
