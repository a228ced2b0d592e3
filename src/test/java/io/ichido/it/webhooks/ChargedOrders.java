package io.ichido.it.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.it.support.Api;
import io.ichido.it.support.Shopper;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.UUID;

/**
 * Orders charged through the test server by shop A, and what became of them: what the webhook tests
 * of this package start from.
 */
final class ChargedOrders {

  private static final String CHARGE = "/api/payments/charge";
  private static final Api SHOP_A = Api.as("shop-a");

  private ChargedOrders() {}

  static JsonNode pay(String gateway, String method, String token, String sku, String email) {
    return pay(gateway, method, token, sku, email, 1);
  }

  static JsonNode pay(
      String gateway, String method, String token, String sku, String email, int quantity) {
    JsonNode order = new Shopper(SHOP_A).order(sku, quantity);
    HttpResponse<String> answer =
        SHOP_A.postJson(
            CHARGE,
            "pay-" + UUID.randomUUID(),
            Shopper.chargeBody(order, gateway, method, token, email));
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(201);
    return Shopper.json(answer.body());
  }

  static long orderId(JsonNode charge) {
    return charge.path("order_id").asLong();
  }

  static String orderStatus(JsonNode charge) {
    return Shopper.json(SHOP_A.get("/api/orders/" + orderId(charge)).body())
        .path("status")
        .asText();
  }

  static String customerEmail() {
    return "customer-" + UUID.randomUUID() + "@example.jp";
  }

  /** The customer passes Omise's 3-D Secure: the sandbox completes the charge and tells us. */
  static void authorizeOmise(JsonNode charge) {
    HttpResponse<String> authorized =
        Api.send(
            HttpRequest.newBuilder(URI.create(charge.path("authorize_uri").asText()))
                .GET()
                .build());
    assertThat(authorized.statusCode()).isIn(302, 303);
  }
}
