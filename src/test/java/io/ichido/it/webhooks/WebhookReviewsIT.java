package io.ichido.it.webhooks;

import static io.ichido.it.webhooks.ChargedOrders.authorizeOmise;
import static io.ichido.it.webhooks.ChargedOrders.customerEmail;
import static io.ichido.it.webhooks.ChargedOrders.orderId;
import static io.ichido.it.webhooks.ChargedOrders.orderStatus;
import static io.ichido.it.webhooks.ChargedOrders.pay;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.it.support.Await;
import io.ichido.it.support.Db;
import io.ichido.it.support.Delivery;
import io.ichido.it.support.Mailbox;
import io.ichido.it.support.OnSharedDeployment;
import io.ichido.it.support.Sandbox;
import java.net.http.HttpResponse;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Webhooks that tell what the order cannot take as paid, against the real server and the sandbox: a
 * dispute, a transfer of the wrong amount, a success in another currency. Each puts the order in
 * front of a person (NEEDS_REVIEW), once, and sells nothing, mails nothing.
 */
class WebhookReviewsIT extends OnSharedDeployment {

  private static final Mailbox MAILBOX = Mailbox.shared();

  @Test
  @DisplayName(
      "a dispute opened (Stripe charge.dispute.created) puts the paid order in review, once (2C2P's"
          + " chargeback is told closed: ChargebackIT)")
  void disputeNeedsReview() throws Exception {
    String gateway = "stripe";
    String sku = Db.newProduct(5, 1000, 10);
    JsonNode charge =
        pay(gateway, "card", Sandbox.CARD_THAT_PAYS.get(gateway), sku, customerEmail());
    assertThat(orderStatus(charge)).isEqualTo("PAID");
    long orderId = charge.path("order_id").asLong();
    String ledgerId = Sandbox.charges(orderId).get(0).path("id").asText();

    JsonNode disputed = Sandbox.dispute(gateway, ledgerId);
    assertThat(disputed.path("webhook").path("status").asInt()).isEqualTo(200);
    Sandbox.redeliver(disputed.path("webhook").path("eventId").asText());

    assertThat(orderStatus(charge)).isEqualTo("NEEDS_REVIEW");
    assertThat(Db.text("SELECT review_reason FROM customer_order WHERE id = ?", orderId))
        .startsWith("disputed at " + gateway);
    Db.chained(orderId);
    assertThat(
            Db.count(
                "SELECT count(*) FROM payment_log WHERE order_id = ? AND kind ="
                    + " 'ORDER_STATUS_CHANGED' AND status = 'NEEDS_REVIEW'",
                orderId))
        .isOne();
    assertThat(Db.onHand(sku)).as("the sale stands until a person decides").isEqualTo(4);
  }

  @ParameterizedTest(name = "paid {0} yen off")
  @ValueSource(longs = {-100, 100})
  @DisplayName("a bank transfer of the wrong amount does not pay the order: NEEDS_REVIEW")
  void wrongAmountNeedsReview(long off) throws Exception {
    String email = customerEmail();
    String sku = Db.newProduct(10, 5000, 10);
    JsonNode charge = pay("komoju", "bank_transfer", "", sku, email);

    Sandbox.complete(
        "komoju", charge.path("charge_id").asText(), charge.path("amount").asLong() + off);

    assertThat(orderStatus(charge)).isEqualTo("NEEDS_REVIEW");
    assertThat(Db.reserved(sku)).isEqualTo(1);
    assertThat(Db.onHand(sku)).isEqualTo(10);
    // Every email is queued in the transaction that decides it: none was, none will be sent.
    assertThat(Db.count("SELECT count(*) FROM email_outbox WHERE order_id = ?", orderId(charge)))
        .as("emails queued for the order")
        .isZero();
    assertThat(MAILBOX.to(email)).isEmpty();
  }

  static Stream<Arguments> openChargePerGateway() {
    return Stream.of(
        Arguments.of("stripe", "konbini", ""),
        Arguments.of("komoju", "konbini", ""),
        Arguments.of("2c2p", "card", "3ds"));
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("openChargePerGateway")
  @DisplayName(
      "a success event for the right amount in another currency does not pay the order:"
          + " NEEDS_REVIEW, stock kept, no receipt")
  void otherCurrencyNeedsReview(String gateway, String method, String token) throws Exception {
    String email = customerEmail();
    String sku = Db.newProduct(10, 5000, 10);
    JsonNode charge = pay(gateway, method, token, sku, email);

    HttpResponse<String> delivered = Delivery.succeeded(gateway, charge, "USD").send();

    assertThat(delivered.statusCode()).as(delivered.body()).isEqualTo(200);
    assertPaidInAnotherCurrencyNeedsReview(charge, sku);
  }

  @Test
  @DisplayName(
      "Omise: its webhook's charge, read back from the API, in another currency: NEEDS_REVIEW")
  void omiseOtherCurrencyNeedsReview() throws Exception {
    String sku = Db.newProduct(10, 5000, 10);
    JsonNode charge = pay("omise", "card", "tokn_test_3ds", sku, customerEmail());
    // Omise's events are never trusted: the charge the webhook reads back is what lies.
    Sandbox.fault("omise", orderId(charge), "alter_currency", 1, 0);
    authorizeOmise(charge);
    Await.until(
        "the 3-D Secure webhook to put order " + orderId(charge) + " in review",
        () -> orderStatus(charge).equals("NEEDS_REVIEW"));
    assertPaidInAnotherCurrencyNeedsReview(charge, sku);
  }

  private static void assertPaidInAnotherCurrencyNeedsReview(JsonNode charge, String sku) {
    assertThat(orderStatus(charge)).isEqualTo("NEEDS_REVIEW");
    assertThat(Db.reserved(sku)).isEqualTo(1);
    assertThat(Db.onHand(sku)).isEqualTo(10);
    Db.chained(orderId(charge));
    assertThat(
            Db.count(
                "SELECT count(*) FROM payment_log WHERE order_id = ? AND ((kind ="
                    + " 'ORDER_STATUS_CHANGED' AND status = 'PAID') OR kind = 'RECEIPT_ISSUED')",
                orderId(charge)))
        .isZero();
    assertThat(Db.text("SELECT review_reason FROM customer_order WHERE id = ?", orderId(charge)))
        .contains("USD");
  }
}
