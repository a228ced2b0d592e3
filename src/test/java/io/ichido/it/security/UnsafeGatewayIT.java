package io.ichido.it.security;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.it.support.Api;
import io.ichido.it.support.Db;
import io.ichido.it.support.Deployments;
import io.ichido.it.support.OwnDeployment;
import io.ichido.it.support.PaymentLog;
import io.ichido.it.support.Sandbox;
import io.ichido.it.support.ServerLog;
import io.ichido.it.support.Shopper;
import io.ichido.sandbox.SandboxConfig;
import io.ichido.sandbox.WebhookEvents;
import io.ichido.sandbox.WebhookSecrets;
import io.ichido.sandbox.WebhookSigner;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.container.annotation.ArquillianTest;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * A deployment configured as a careless operator would: Stripe pointed at the real API but still
 * holding the sandbox's public key and webhook secret, KOMOJU without its webhook secret, Omise
 * left off, no key to sign the payment log's checkpoints. Every other setting is the test server's
 * (the gateways on the sandbox), so 2C2P still works.
 */
@ArquillianTest
@OwnDeployment
class UnsafeGatewayIT {

  private static final Api SHOP_A = Api.as("shop-a");
  private static final String CHARGE = "/api/payments/charge";

  @Deployment(testable = false)
  static WebArchive deployment() {
    Map<String, String> config = new HashMap<>(Sandbox.gatewayConfig());
    config.put("ichido.gateway.stripe.base-url", "https://api.stripe.com");
    // An empty value in a higher source removes the test server's setting.
    config.put("ichido.webhooks.komoju.secrets", "");
    config.put("ichido.gateway.omise.base-url", "");
    config.put("ichido.audit.checkpoint-key", "");
    config.put("ichido.audit.checkpoint-interval", "PT0.1S");
    return Deployments.appWith("ichido-unsafe", config);
  }

  @Test
  @DisplayName(
      "readiness is DOWN, naming each unsafe or missing property and its variable, never a value")
  void readinessNamesTheProblems() throws Exception {
    HttpResponse<String> ready = Api.anonymous().get("/health/ready");

    assertThat(ready.statusCode()).isEqualTo(503);
    JsonNode check = check(Shopper.json(ready.body()), "gateway-configuration");
    assertThat(check.path("status").asText()).isEqualTo("DOWN");
    JsonNode data = check.path("data");
    assertThat(data.path("enabled").asText()).isEqualTo("stripe,komoju,2c2p,paypay");
    assertThat(data.path("ichido.gateway.stripe.secret-key").asText())
        .startsWith("ICHIDO_GATEWAY_STRIPE_SECRET_KEY ")
        .contains("sandbox");
    assertThat(data.path("ichido.webhooks.stripe.secrets").asText())
        .startsWith("ICHIDO_WEBHOOKS_STRIPE_SECRETS ");
    assertThat(data.path("ichido.webhooks.komoju.secrets").asText())
        .isEqualTo("ICHIDO_WEBHOOKS_KOMOJU_SECRETS is missing");
    assertThat(data.size()).isEqualTo(4);
    assertThat(check(Shopper.json(ready.body()), "database").path("status").asText())
        .isEqualTo("UP");
    assertNoSecretIn(ready.body());
  }

  @Test
  @DisplayName(
      "no checkpoint key: readiness DOWN naming its variable, a SEVERE line, no checkpoint signed")
  void noCheckpointKey() throws Exception {
    JsonNode health = Shopper.json(Api.anonymous().get("/health/ready").body());
    JsonNode check = check(health, "audit-checkpoints");
    assertThat(check.path("status").asText()).isEqualTo("DOWN");
    assertThat(check.path("data").path("ichido.audit.checkpoint-key").asText())
        .isEqualTo("ICHIDO_AUDIT_CHECKPOINT_KEY is missing");
    assertThat(ServerLog.lines("E"))
        .anySatisfy(
            line ->
                assertThat(line)
                    .contains("No checkpoint of the payment log is signed")
                    .contains(
                        "ICHIDO_AUDIT_CHECKPOINT_KEY (ichido.audit.checkpoint-key) is missing"));

    long checkpoints = Db.count("SELECT count(*) FROM payment_log_checkpoint");
    new Shopper(SHOP_A).order(Db.newProduct(10, 1000, 10), 1);
    PaymentLog.search("size=1"); // chained now
    Thread.sleep(1000); // ten rounds of the interval
    assertThat(Db.count("SELECT count(*) FROM payment_log_checkpoint")).isEqualTo(checkpoints);
    HttpResponse<String> key = Api.as("auditor").get("/api/audit/checkpoints/key");
    assertThat(key.statusCode()).isEqualTo(503);
    assertThat(key.body()).contains("checkpoint-key-missing");
  }

  @Test
  @DisplayName("startup logs one SEVERE line per problem, naming the variable, never the value")
  void severeLinesAtStartup() {
    List<String> severe =
        ServerLog.lines("E").stream().filter(line -> line.contains("is not safe to use")).toList();

    assertThat(severe)
        .anySatisfy(line -> assertThat(line).contains("ICHIDO_GATEWAY_STRIPE_SECRET_KEY"))
        .anySatisfy(line -> assertThat(line).contains("ICHIDO_WEBHOOKS_STRIPE_SECRETS"))
        .anySatisfy(line -> assertThat(line).contains("ICHIDO_WEBHOOKS_KOMOJU_SECRETS"));
    assertNoSecretIn(ServerLog.text());
  }

  @Test
  @DisplayName(
      "charges: unsafe gateway 503 gateway-misconfigured, one left off 400 gateway-disabled, the"
          + " rest as ever")
  void chargesThroughEachGateway() {
    JsonNode order = new Shopper(SHOP_A).order(Db.newProduct(10, 1000, 10), 1);

    assertProblem(charge(order, "stripe"), 503, "gateway-misconfigured");
    assertProblem(charge(order, "komoju"), 503, "gateway-misconfigured");
    assertProblem(charge(order, "omise"), 400, "gateway-disabled");
    assertThat(Sandbox.charges(order.get("id").asLong())).isEmpty();

    HttpResponse<String> paid = charge(order, "2c2p");
    assertThat(paid.statusCode()).as(paid.body()).isEqualTo(201);
    assertThat(Shopper.json(paid.body()).path("order_status").asText()).isEqualTo("PAID");
  }

  @Test
  @DisplayName("a webhook signed with the sandbox's public secret cannot pay an order")
  void webhookSignedWithThePublicSecretIsRejected() {
    JsonNode order = new Shopper(SHOP_A).order(Db.newProduct(10, 1000, 10), 1);
    long amount = order.get("amount").asLong();
    String body =
        WebhookEvents.stripePaymentIntent(
            WebhookEvents.newEventId("stripe"),
            "payment_intent.succeeded",
            "pi_forged_" + UUID.randomUUID(),
            order.get("id").asText(),
            amount,
            amount,
            "jpy",
            "succeeded",
            Instant.now().getEpochSecond());

    HttpResponse<String> answer =
        Api.send(
            HttpRequest.newBuilder(URI.create(Api.BASE + "/api/webhooks/stripe"))
                .header("Content-Type", "application/json")
                .header(
                    "Stripe-Signature",
                    WebhookSigner.stripeSignatureHeader(
                        body, WebhookSecrets.STRIPE, Instant.now().getEpochSecond()))
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build());

    assertProblem(answer, 400, "webhook-rejected");
    assertThat(
            Shopper.json(SHOP_A.get("/api/orders/" + order.get("id").asLong()).body())
                .path("status")
                .asText())
        .isEqualTo("PENDING_PAYMENT");
    HttpResponse<String> off =
        Api.send(
            HttpRequest.newBuilder(URI.create(Api.BASE + "/api/webhooks/omise"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{}"))
                .build());
    assertProblem(off, 400, "webhook-rejected");
  }

  private static HttpResponse<String> charge(JsonNode order, String gateway) {
    return SHOP_A.postJson(
        CHARGE,
        "unsafe-" + gateway + "-" + UUID.randomUUID(),
        Shopper.chargeBody(order, gateway, "card", Sandbox.CARD_THAT_PAYS.get(gateway)));
  }

  private static void assertProblem(HttpResponse<String> answer, int status, String type) {
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(status);
    assertThat(Shopper.json(answer.body()).path("type").asText()).endsWith("/" + type);
  }

  private static JsonNode check(JsonNode health, String name) {
    for (JsonNode check : health.path("checks")) {
      if (check.path("name").asText().equals(name)) {
        return check;
      }
    }
    throw new AssertionError("No check " + name + " in " + health);
  }

  private static void assertNoSecretIn(String text) {
    SandboxConfig.properties("http://localhost")
        .forEach(
            (property, value) -> {
              if (property.endsWith("secret-key") || property.endsWith("secrets")) {
                assertThat(text).as(property).doesNotContain(value);
              }
            });
  }
}
