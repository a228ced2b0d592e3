package io.ichido.it.payments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.it.support.Api;
import io.ichido.it.support.Db;
import io.ichido.it.support.Sandbox;
import io.ichido.it.support.Shopper;
import java.net.http.HttpResponse;
import java.util.UUID;

/**
 * Real orders in review, made as customers and gateways make them: bank transfers of the wrong
 * amount, disputed card payments.
 */
final class ReviewCases {

  private static final Api SHOP_A = Api.as("shop-a");

  private ReviewCases() {}

  /**
   * One unit of {@code sku} ordered by shop-a and paid by KOMOJU bank transfer with {@code off} yen
   * off what it owes: the order is in review. Answers the charge.
   */
  static JsonNode inReview(String sku, String email, long off) {
    JsonNode charge = charge(sku, email, "komoju", "bank_transfer", "");
    Sandbox.complete(
        "komoju", charge.path("charge_id").asText(), charge.path("amount").asLong() + off);
    assertThat(status(charge.path("order_id").asLong())).isEqualTo("NEEDS_REVIEW");
    return charge;
  }

  /** One unit of {@code sku} paid by card through {@code gateway}, then disputed: in review. */
  static long disputed(String gateway, String sku, String email) {
    long orderId =
        charge(sku, email, gateway, "card", Sandbox.CARD_THAT_PAYS.get(gateway))
            .path("order_id")
            .asLong();
    JsonNode disputed =
        Sandbox.dispute(gateway, Sandbox.charges(orderId).get(0).path("id").asText());
    assertThat(disputed.path("webhook").path("status").asInt()).isEqualTo(200);
    assertThat(status(orderId)).isEqualTo("NEEDS_REVIEW");
    return orderId;
  }

  /** One unit of {@code sku} ordered by shop-a and charged as asked: the charge's answer. */
  static JsonNode charge(String sku, String email, String gateway, String method, String token) {
    JsonNode order = new Shopper(SHOP_A).order(sku, 1, email);
    HttpResponse<String> charged =
        SHOP_A.postJson(
            "/api/payments/charge",
            "pay-" + UUID.randomUUID(),
            Shopper.chargeBody(order, gateway, method, token, email));
    assertThat(charged.statusCode()).as(charged.body()).isEqualTo(201);
    return Shopper.json(charged.body());
  }

  static String status(long orderId) {
    return Db.text("SELECT status FROM customer_order WHERE id = ?", orderId);
  }
}
