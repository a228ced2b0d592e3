package io.ichido.it.orders;

import static org.assertj.core.api.Assertions.assertThat;

import io.ichido.it.support.Api;
import io.ichido.it.support.Db;
import io.ichido.it.support.OnSharedDeployment;
import io.ichido.it.support.OrderJson;
import java.net.http.HttpResponse;
import java.util.UUID;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Section 2 of the contract for orders and inventory, and bad input of every kind. */
class OrdersIT extends OnSharedDeployment {

  private static final Api SHOP_A = Api.as("shop-a");

  private static String key() {
    return "orders-" + UUID.randomUUID();
  }

  @Test
  @DisplayName("an order reserves stock and carries its lines, tax per rate and total")
  void createGetAndInventory() {
    String tea = Db.newProduct(20, 1200, 8);
    String mug = Db.newProduct(20, 2801, 10);
    String customer = OrderJson.customer("create");
    String body =
        """
        {"customer":"%s","items":[{"sku":"%s","quantity":3},{"sku":"%s","quantity":1},
          {"sku":"%s","quantity":1}],"currency":"JPY"}"""
            .formatted(customer, tea, mug, tea);

    HttpResponse<String> created = SHOP_A.postJson("/api/orders", key(), body);

    assertThat(created.statusCode()).isEqualTo(201);
    String location = created.headers().firstValue("Location").orElseThrow();
    assertThat(location).matches(".*/api/orders/\\d+");
    // 4 x 1200 at 8% = 4800 + 384; 1 x 2801 at 10% = 2801 + 280 (rounded down once per rate)
    assertThat(created.body())
        .contains("\"status\":\"PENDING_PAYMENT\"")
        .contains("\"currency\":\"JPY\"")
        .contains("\"subtotal\":7601")
        .contains("\"tax\":664")
        .contains("\"amount\":8265")
        .contains("{\"rate\":8,\"taxable\":4800,\"tax\":384}")
        .contains("{\"rate\":10,\"taxable\":2801,\"tax\":280}");

    HttpResponse<String> fetched = SHOP_A.get(location.substring(location.indexOf("/api/")));
    assertThat(fetched.statusCode()).isEqualTo(200);
    assertThat(fetched.body()).isEqualTo(created.body());

    HttpResponse<String> stock = SHOP_A.get("/api/inventory/" + tea);
    assertThat(stock.statusCode()).isEqualTo(200);
    assertThat(stock.body())
        .isEqualTo("{\"sku\":\"%s\",\"onHand\":20,\"reserved\":4,\"available\":16}".formatted(tea));
  }

  @Test
  void unknownOrderAndSkuAre404() {
    assertThat(SHOP_A.get("/api/orders/999999999").statusCode()).isEqualTo(404);
    assertThat(SHOP_A.get("/api/orders/999999999").body()).contains("order-not-found");
    assertThat(SHOP_A.get("/api/inventory/NO-SUCH-SKU").statusCode()).isEqualTo(404);
    assertThat(SHOP_A.get("/api/orders/not-a-number").statusCode()).isEqualTo(404);
  }

  @Test
  @DisplayName("an oversized body: 413 problem, nothing stored")
  void oversizedBody() {
    String sku = Db.newProduct(10, 100, 10);
    String customer = OrderJson.customer("big");
    String key = key();
    String body = OrderJson.of(customer + "x".repeat(2 * 1024 * 1024), sku, 1);

    HttpResponse<String> answer = SHOP_A.postJson("/api/orders", key, body);

    assertThat(answer.statusCode()).isEqualTo(413);
    assertThat(answer.body()).contains("payload-too-large");
    assertThat(Db.keys("principal:shop-a", key)).isZero();
    assertThat(Db.reserved(sku)).isZero();
  }

  @Test
  @DisplayName("malformed JSON and unknown fields: 400 malformed-json, nothing stored")
  void malformedJson() {
    String sku = Db.newProduct(10, 100, 10);
    for (String body :
        new String[] {
          "{not json",
          "[]",
          "{\"customer\":\"c\",\"items\":[{\"sku\":\""
              + sku
              + "\",\"quantity\":1}],"
              + "\"currency\":\"JPY\",\"discount\":100}",
          "{\"customer\":\"c\",\"items\":[{\"sku\":\""
              + sku
              + "\",\"quantity\":\"one\"}],"
              + "\"currency\":\"JPY\"}",
          "{\"customer\":\"c\",\"items\":[{\"sku\":\""
              + sku
              + "\",\"quantity\":1}],"
              + "\"currency\":\"JPY\"} trailing"
        }) {
      String key = key();
      HttpResponse<String> answer = SHOP_A.postJson("/api/orders", key, body);
      assertThat(answer.statusCode()).as(body).isEqualTo(400);
      assertThat(answer.headers().firstValue("Content-Type")).hasValue("application/problem+json");
      assertThat(answer.body()).as(body).containsAnyOf("malformed-json", "validation-failed");
      assertThat(answer.body()).doesNotContain("Exception");
      assertThat(Db.keys("principal:shop-a", key)).isZero();
    }
    assertThat(Db.reserved(sku)).isZero();
  }

  @Test
  @DisplayName("a wrong content type: 415 problem, nothing stored")
  void wrongContentType() {
    String sku = Db.newProduct(10, 100, 10);
    String key = key();

    HttpResponse<String> answer =
        SHOP_A.post(
            "/api/orders",
            key,
            "text/plain",
            OrderJson.of("c", sku, 1).getBytes(java.nio.charset.StandardCharsets.UTF_8));

    assertThat(answer.statusCode()).isEqualTo(415);
    assertThat(answer.body()).contains("unsupported-media-type");
    assertThat(Db.keys("principal:shop-a", key)).isZero();
  }

  @Test
  @DisplayName("absurd quantities, unknown SKUs, other currencies: 400 with the fields named")
  void invalidOrders() {
    String sku = Db.newProduct(10, 100, 10);
    String[][] cases = {
      {OrderJson.of("c", sku, 0), "items[0].quantity"},
      {OrderJson.of("c", sku, -5), "items[0].quantity"},
      {OrderJson.of("c", sku, 1000), "items[0].quantity"},
      {OrderJson.of("c", "NO-SUCH-SKU", 1), "items[0].sku"},
      {OrderJson.of("", sku, 1), "customer"},
      {OrderJson.of("c", sku, 1).replace("JPY", "USD"), "currency"},
      {"{\"customer\":\"c\",\"items\":[],\"currency\":\"JPY\"}", "items"},
      {
        "{\"customer\":\"c\",\"items\":[{\"sku\":\""
            + sku
            + "\",\"quantity\":99999999999}],"
            + "\"currency\":\"JPY\"}",
        "quantity"
      },
    };
    for (String[] c : cases) {
      String key = key();
      HttpResponse<String> answer = SHOP_A.postJson("/api/orders", key, c[0]);
      assertThat(answer.statusCode()).as(c[0]).isEqualTo(400);
      assertThat(answer.body()).as(c[0]).contains(c[1]);
      assertThat(Db.keys("principal:shop-a", key)).as(c[0]).isZero();
    }
    assertThat(Db.reserved(sku)).isZero();
  }

  @Test
  @DisplayName("insufficient stock: 409 out-of-stock and no partial reservation")
  void outOfStockReservesNothing() {
    String plenty = Db.newProduct(10, 100, 10);
    String scarce = Db.newProduct(1, 100, 10);
    String body =
        """
        {"customer":"c","items":[{"sku":"%s","quantity":2},{"sku":"%s","quantity":2}],
         "currency":"JPY"}"""
            .formatted(plenty, scarce);

    HttpResponse<String> answer = SHOP_A.postJson("/api/orders", key(), body);

    assertThat(answer.statusCode()).isEqualTo(409);
    assertThat(answer.body()).contains("out-of-stock");
    assertThat(Db.reserved(plenty)).isZero();
    assertThat(Db.reserved(scarce)).isZero();
  }
}
