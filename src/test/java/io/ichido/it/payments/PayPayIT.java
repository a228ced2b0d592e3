package io.ichido.it.payments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.it.support.Api;
import io.ichido.it.support.Await;
import io.ichido.it.support.Concurrent;
import io.ichido.it.support.Db;
import io.ichido.it.support.Mailbox;
import io.ichido.it.support.OnSharedDeployment;
import io.ichido.it.support.Outbox;
import io.ichido.it.support.Sandbox;
import io.ichido.it.support.Shopper;
import io.ichido.it.support.TimePasses;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * PayPay as a gateway of its own, through the sandbox's Open Payment API: our gateway key is its
 * merchantPaymentId, its webhook is unsigned and only makes us read the payment back, and whatever
 * PayPay delivers late, twice, before the create's answer or never, the order is paid once, with
 * one receipt and one e-mail.
 */
class PayPayIT extends OnSharedDeployment {

  private static final String CHARGE = "/api/payments/charge";
  private static final Api SHOP_A = Api.as("shop-a");
  private static final Mailbox MAILBOX = Mailbox.shared();

  private static JsonNode order(String sku) {
    return new Shopper(SHOP_A).order(sku, 1);
  }

  private static HttpResponse<String> pay(JsonNode order, String key, String email) {
    return SHOP_A.postJson(CHARGE, key, Shopper.chargeBody(order, "paypay", "paypay", "", email));
  }

  /** The order's payments at the sandbox, found by the keys its attempts were sent under. */
  private static List<JsonNode> payments(long orderId) {
    List<String> keys =
        Db.rows("SELECT gateway_key FROM charge_attempt WHERE order_id = ?", orderId).stream()
            .map(row -> String.valueOf(row.get("gateway_key")))
            .toList();
    return StreamSupport.stream(Sandbox.ledger().spliterator(), false)
        .filter(entry -> "paypay".equals(entry.path("gateway").asText()))
        .filter(entry -> keys.contains(entry.path("id").asText()))
        .toList();
  }

  private static long paidPayments(long orderId) {
    return payments(orderId).stream()
        .filter(p -> List.of("paid", "partially_refunded", "refunded").contains(status(p)))
        .count();
  }

  private static String status(JsonNode payment) {
    return payment.path("status").asText();
  }

  private static String orderStatus(long orderId) {
    return OncePerOrderIT.status(orderId);
  }

  private static void paidOnce(long orderId, String sku, String email) throws Exception {
    Await.until("order " + orderId + " paid", () -> "PAID".equals(orderStatus(orderId)));
    assertThat(paidPayments(orderId)).as("PayPay took the money once").isOne();
    assertThat(Db.reserved(sku)).isZero();
    assertThat(Db.onHand(sku)).isEqualTo(9);
    assertThat(Db.count("SELECT count(*) FROM receipt WHERE order_id = ?", orderId)).isOne();
    MAILBOX.await(email, 1);
    Outbox.settledFor(orderId);
    assertThat(MAILBOX.to(email)).hasSize(1);
    Db.chained(orderId);
    assertThat(
            Db.count(
                "SELECT count(*) FROM payment_log WHERE order_id = ? AND kind ="
                    + " 'ORDER_STATUS_CHANGED' AND status = 'PAID'",
                orderId))
        .isOne();
  }

  private static String email(String what) {
    return "paypay-" + what + "-" + UUID.randomUUID() + "@example.jp";
  }

  @Concurrent
  @Test
  @DisplayName(
      "a QR code waits for the customer at PayPay's page under our gateway key; paid there, the"
          + " webhook makes us read it back: paid once")
  void paysThroughTheCode() throws Exception {
    String sku = Db.newProduct(10, 1200, 10);
    String email = email("pays");
    JsonNode order = order(sku);
    long orderId = order.path("id").asLong();

    HttpResponse<String> answer = pay(order, "pay-" + UUID.randomUUID(), email);

    assertThat(answer.statusCode()).as(answer.body()).isIn(201, 202);
    JsonNode charge = Shopper.json(answer.body());
    assertThat(charge.path("status").asText()).isEqualTo("awaiting_payment");
    assertThat(charge.path("authorize_uri").asText()).startsWith(Sandbox.URL + "/");
    String key = Db.text("SELECT gateway_key FROM charge_attempt WHERE order_id = ?", orderId);
    assertThat(charge.path("charge_id").asText()).isEqualTo(key);
    assertThat(charge.at("/instructions/payment_deadline").asText()).isNotBlank();

    JsonNode delivered = Sandbox.complete("paypay", key).path("webhook");
    assertThat(delivered.path("status").asInt()).as(delivered.toString()).isEqualTo(200);
    paidOnce(orderId, sku, email);
  }

  @Concurrent
  @Test
  @DisplayName(
      "the customer cancels at PayPay's page, comes back, then pays and comes back a moment later:"
          + " our return page reads the payment again at once and answers paid")
  void returnReadsBackEvenJustAfterARead() throws Exception {
    String sku = Db.newProduct(10, 1200, 10);
    String email = email("return");
    JsonNode order = order(sku);
    long orderId = order.path("id").asLong();
    // No webhook: only the customer's return can make us look.
    Sandbox.webhookDelivery("paypay", orderId, "never", 0);
    HttpResponse<String> answer = pay(order, "pay-" + UUID.randomUUID(), email);
    assertThat(answer.statusCode()).as(answer.body()).isIn(201, 202);
    String cashier = Shopper.json(answer.body()).path("authorize_uri").asText();

    String returnLink = cashierPage(cashier, "cancel");
    HttpResponse<String> waiting = Api.anonymous().get(returnLink);
    assertThat(waiting.body()).as("read back, still waiting").contains("AWAITING_PAYMENT");
    // Within a second of that read, which once kept the return from asking PayPay again.
    assertThat(cashierPage(cashier, "pay")).isEqualTo(returnLink);
    HttpResponse<String> paid = Api.anonymous().get(returnLink);

    assertThat(paid.statusCode()).as(paid.body()).isEqualTo(200);
    assertThat(paid.body()).contains("\"order_status\":\"PAID\"");
    paidOnce(orderId, sku, email);
  }

  /** Presses a button of PayPay's page; answers the path of our return link it sends back to. */
  private static String cashierPage(String page, String action) {
    HttpResponse<String> pressed =
        Api.send(
            java.net.http.HttpRequest.newBuilder(java.net.URI.create(page))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(java.net.http.HttpRequest.BodyPublishers.ofString("action=" + action))
                .build());
    assertThat(pressed.statusCode()).as(pressed.body()).isEqualTo(303);
    String location = pressed.headers().firstValue("Location").orElseThrow();
    return location.substring(location.indexOf("/api/"));
  }

  @Concurrent
  @Test
  @DisplayName(
      "the create's answer is lost: the same key finds it at PayPay (DUPLICATE, then its details),"
          + " cancels the code nobody can open and says so; a new key pays once")
  void lostCreateAnswer() throws Exception {
    String sku = Db.newProduct(10, 1500, 10);
    String email = email("lost");
    JsonNode order = order(sku);
    long orderId = order.path("id").asLong();
    // The create and the request's own three resends under the same key: every answer lost.
    Sandbox.fault("paypay", orderId, "drop", 4, 0);
    String key = "pay-" + UUID.randomUUID();

    HttpResponse<String> lost = pay(order, key, email);
    assertThat(lost.statusCode()).as(lost.body()).isEqualTo(503);
    assertThat(payments(orderId)).as("PayPay made the code").hasSize(1);

    HttpResponse<String> again = pay(order, key, email);
    assertThat(again.statusCode()).as(again.body()).isEqualTo(402);
    assertThat(again.body()).contains("link_lost");
    assertThat(pay(order, key, email).headers().firstValue("Idempotency-Replayed"))
        .as("its key keeps that answer")
        .hasValue("true");
    // PayPay only receives the cancel of an unpaid payment (its FAQ 4414069180943): the payment
    // stays pending, and one made on a code nobody was shown would be reversed.
    assertThat(payments(orderId))
        .singleElement()
        .satisfies(p -> assertThat(status(p)).isEqualTo("pending"));

    HttpResponse<String> fresh = pay(order, "pay-" + UUID.randomUUID(), email);
    assertThat(fresh.statusCode()).as(fresh.body()).isIn(201, 202);
    String second = Shopper.json(fresh.body()).path("charge_id").asText();
    Sandbox.complete("paypay", second);

    paidOnce(orderId, sku, email);
    assertThat(payments(orderId)).hasSize(2);
  }

  @Concurrent
  @Test
  @DisplayName(
      "the webhook arrives before the create's answer: the payment is read back and paid; the"
          + " answer that follows changes nothing")
  void webhookBeforeTheAnswer() throws Exception {
    String sku = Db.newProduct(10, 1800, 10);
    String email = email("early");
    JsonNode order = order(sku);
    long orderId = order.path("id").asLong();
    Sandbox.fault("paypay", orderId, "pay_before_answer", 1, 0);

    HttpResponse<String> answer = pay(order, "pay-" + UUID.randomUUID(), email);

    assertThat(answer.statusCode()).as(answer.body()).isIn(201, 202);
    paidOnce(orderId, sku, email);
  }

  @Concurrent
  @Test
  @DisplayName(
      "the webhook twice while Get Payment Details still says CREATED: nothing believed, nothing"
          + " written; the details turn COMPLETED and the order is paid once")
  void webhookTwiceBeforeTheDetails() throws Exception {
    String sku = Db.newProduct(10, 2100, 10);
    String email = email("twice");
    JsonNode order = order(sku);
    long orderId = order.path("id").asLong();
    HttpResponse<String> answer = pay(order, "pay-" + UUID.randomUUID(), email);
    String key = Shopper.json(answer.body()).path("charge_id").asText();
    Sandbox.detailsLag("paypay", orderId, 3000);
    Sandbox.webhookDelivery("paypay", orderId, "twice", 0);
    long facts = Db.factsByKind("order_id", orderId).values().stream().mapToLong(n -> n).sum();

    Sandbox.complete("paypay", key);

    assertThat(orderStatus(orderId)).as("the details say CREATED").isEqualTo("AWAITING_PAYMENT");
    assertThat(Db.factsByKind("order_id", orderId).values().stream().mapToLong(n -> n).sum())
        .as("an unsigned delivery writes nothing")
        .isEqualTo(facts);
    paidOnce(orderId, sku, email);
  }

  @Concurrent
  @Test
  @DisplayName("the webhook never comes: the sweep polls Get Payment Details and the order is paid")
  void webhookNever() throws Exception {
    String sku = Db.newProduct(10, 900, 10);
    String email = email("never");
    JsonNode order = order(sku);
    long orderId = order.path("id").asLong();
    Sandbox.webhookDelivery("paypay", orderId, "never", 0);
    HttpResponse<String> answer = pay(order, "pay-" + UUID.randomUUID(), email);
    String key = Shopper.json(answer.body()).path("charge_id").asText();

    Sandbox.complete("paypay", key);

    paidOnce(orderId, sku, email);
  }

  @Concurrent
  @Test
  @DisplayName(
      "a code nobody pays: cancelled at PayPay once the payment window closes, the order lapses"
          + " and its stock goes back; paying the code after that takes nothing")
  void abandonedCodeLapses() throws Exception {
    String sku = Db.newProduct(10, 700, 10);
    JsonNode order = order(sku);
    long orderId = order.path("id").asLong();
    HttpResponse<String> answer = pay(order, "pay-" + UUID.randomUUID(), email("abandoned"));
    String key = Shopper.json(answer.body()).path("charge_id").asText();
    assertThat(Db.reserved(sku)).isOne();

    // The code's deadline (the payment window) and the grace after it pass unpaid.
    TimePasses.forOrder(orderId, Duration.ofHours(2));
    Await.until(
        "order " + orderId + " to lapse",
        Duration.ofSeconds(60),
        () -> "EXPIRED".equals(orderStatus(orderId)));

    assertThat(Db.reserved(sku)).isZero();
    assertThat(Db.onHand(sku)).isEqualTo(10);
    assertThat(payments(orderId))
        .singleElement()
        .satisfies(p -> assertThat(status(p)).isEqualTo("cancelled"));
    assertThat(Sandbox.lateStatus("paypay", key))
        .as("the code takes no payment now")
        .isGreaterThanOrEqualTo(400);
    assertThat(paidPayments(orderId)).isZero();
  }

  @Concurrent
  @Test
  @DisplayName(
      "paid while Get Payment Details still says CREATED, and past the deadline: our cancel reaches"
          + " PayPay, which gives the money back; the order lapses, its stock back, and the money"
          + " is named as received and returned, never as paid")
  void paidAsTheSweepCancels() throws Exception {
    String sku = Db.newProduct(10, 1300, 10);
    long orderId = paidUnseen(sku);

    // The code's deadline (the payment window) and the grace after it pass, the payment unseen.
    TimePasses.forOrder(orderId, Duration.ofHours(2));
    Await.until(
        "order " + orderId + " to lapse",
        Duration.ofSeconds(60),
        () -> !"AWAITING_PAYMENT".equals(orderStatus(orderId)));
    assertThat(orderStatus(orderId)).isEqualTo("EXPIRED");
    returnedByPayPay(orderId, sku);
  }

  @Concurrent
  @Test
  @DisplayName(
      "paid while Get Payment Details still says CREATED, and the order cancelled: PayPay gives the"
          + " money back on our cancel; the order is cancelled, not paid, and the money named")
  void paidAsTheOrderIsCancelled() throws Exception {
    String sku = Db.newProduct(10, 1400, 10);
    long orderId = paidUnseen(sku);

    HttpResponse<String> cancelled =
        new Shopper(SHOP_A)
            .untilFinal("/api/orders/" + orderId + "/cancel", "cancel-" + UUID.randomUUID(), "{}");

    assertThat(cancelled.statusCode()).as(cancelled.body()).isEqualTo(200);
    assertThat(Shopper.json(cancelled.body()).path("status").asText()).isEqualTo("CANCELLED");
    returnedByPayPay(orderId, sku);
  }

  /**
   * An order of one unit of {@code sku} whose PayPay code the customer paid, which neither a
   * webhook nor Get Payment Details shows us for the next two minutes.
   */
  private static long paidUnseen(String sku) {
    JsonNode order = order(sku);
    long orderId = order.path("id").asLong();
    Sandbox.webhookDelivery("paypay", orderId, "never", 0);
    String key =
        Shopper.json(pay(order, "pay-" + UUID.randomUUID(), email("unseen")).body())
            .path("charge_id")
            .asText();
    Sandbox.detailsLag("paypay", orderId, 120_000);
    Sandbox.complete("paypay", key);
    return orderId;
  }

  /**
   * The order's one payment, made at PayPay and given all back by PayPay on our cancel: nothing
   * kept, nothing refunded by us, no receipt; the stock back on sale; the money named in the log as
   * received and as returned, and on the order's attempt.
   */
  private static void returnedByPayPay(long orderId, String sku) {
    long price = Db.count("SELECT amount FROM charge_attempt WHERE order_id = ?", orderId);
    assertThat(payments(orderId))
        .singleElement()
        .satisfies(
            p -> {
              assertThat(status(p)).isEqualTo("refunded");
              assertThat(p.path("amount").asLong()).isEqualTo(price);
              assertThat(p.path("amountRefunded").asLong()).isEqualTo(price);
            });
    assertThat(
            Db.rows(
                "SELECT status, received_amount, refunded_amount, failure_code FROM"
                    + " charge_attempt WHERE order_id = ?",
                orderId))
        .singleElement()
        .satisfies(
            attempt -> {
              assertThat(attempt.get("status")).isEqualTo("SURPLUS_REFUNDED");
              assertThat(((Number) attempt.get("received_amount")).longValue()).isEqualTo(price);
              assertThat(((Number) attempt.get("refunded_amount")).longValue()).isEqualTo(price);
              assertThat(attempt.get("failure_code")).isEqualTo("returned_by_gateway");
            });
    assertThat(Db.reserved(sku)).isZero();
    assertThat(Db.onHand(sku)).isEqualTo(10);
    assertThat(Db.count("SELECT count(*) FROM receipt WHERE order_id = ?", orderId)).isZero();
    assertThat(Db.count("SELECT count(*) FROM gateway_refund WHERE order_id = ?", orderId))
        .as("PayPay gave it back: no refund of ours")
        .isZero();
    Db.chained(orderId);
    Map<String, Long> facts = Db.factsByKind("order_id", orderId);
    assertThat(facts.get("PAYMENT_SURPLUS")).as(facts.toString()).isEqualTo(1L);
    assertThat(facts.get("SURPLUS_REFUNDED")).as(facts.toString()).isEqualTo(1L);
    assertThat(
            Db.count(
                "SELECT count(*) FROM payment_log WHERE order_id = ? AND kind ="
                    + " 'ORDER_STATUS_CHANGED' AND status = 'PAID'",
                orderId))
        .isZero();
  }

  @Concurrent
  @Test
  @DisplayName(
      "a refund whose answer is lost, retried with its key: one refund at PayPay under our"
          + " merchantRefundId, one return invoice")
  void refundOnce() throws Exception {
    String sku = Db.newProduct(10, 1000, 10);
    String email = email("refund");
    JsonNode order = order(sku);
    long orderId = order.path("id").asLong();
    String key =
        Shopper.json(pay(order, "pay-" + UUID.randomUUID(), email).body())
            .path("charge_id")
            .asText();
    Sandbox.complete("paypay", key);
    Await.until("order " + orderId + " paid", () -> "PAID".equals(orderStatus(orderId)));

    Sandbox.fault("paypay", orderId, "drop", 1, 0);
    String refundKey = "refund-" + UUID.randomUUID();
    String body = "{\"amount\":400,\"reason\":\"a mug arrived broken\"}";
    HttpResponse<String> lost =
        SHOP_A.postJson("/api/orders/" + orderId + "/refunds", refundKey, body);
    assertThat(lost.statusCode()).as(lost.body()).isIn(201, 503);

    Await.until(
        "the refund answered",
        () ->
            SHOP_A.postJson("/api/orders/" + orderId + "/refunds", refundKey, body).statusCode()
                == 201);
    assertThat(payments(orderId))
        .singleElement()
        .satisfies(p -> assertThat(p.path("amountRefunded").asLong()).isEqualTo(400));
    assertThat(
            Db.count(
                "SELECT count(*) FROM receipt WHERE order_id = ? AND kind = 'RETURN'", orderId))
        .isOne();
    assertThat(Db.count("SELECT count(*) FROM gateway_refund WHERE order_id = ?", orderId)).isOne();
  }
}
