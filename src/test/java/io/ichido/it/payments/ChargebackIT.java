package io.ichido.it.payments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.it.support.Api;
import io.ichido.it.support.Db;
import io.ichido.it.support.OnSharedDeployment;
import io.ichido.it.support.Sandbox;
import io.ichido.it.support.Shopper;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * A card payment the customer's bank takes back (a chargeback), against the real server, the
 * sandbox's gateway (whose ledger says what the customer paid, got refunded and had taken back) and
 * the review queue: the order's ledger holds what the gateway does, and nothing goes back to the
 * customer that the bank did not leave with the shop.
 */
class ChargebackIT extends OnSharedDeployment {

  private static final Api OPERATOR = Api.as("operator");

  @Test
  @DisplayName(
      "2C2P chargeback (4130), delivered twice, then the review queue's refund as operator: the"
          + " customer gets back no more than they paid, the order's ledger rows are the"
          + " sandbox's, and the order ends settled with nothing waiting for anyone (before: in"
          + " review, and the queue refunded all of it on top of the chargeback)")
  void twoC2pChargebackThenReviewRefund() {
    String sku = Db.newProduct(5, 1000, 10);
    JsonNode charged =
        ReviewCases.charge(
            sku,
            "chargeback-" + UUID.randomUUID() + "@example.jp",
            "2c2p",
            "card",
            Sandbox.CARD_THAT_PAYS.get("2c2p"));
    long orderId = charged.path("order_id").asLong();
    long amount = charged.path("amount").asLong();
    assertThat(ReviewCases.status(orderId)).isEqualTo("PAID");
    String tranRef = Sandbox.charges(orderId).get(0).path("id").asText();

    JsonNode disputed = Sandbox.dispute("2c2p", tranRef);
    assertThat(disputed.path("amountChargedBack").asLong()).as("the bank took").isEqualTo(amount);
    assertThat(disputed.path("webhook").path("status").asInt()).isEqualTo(200);
    Sandbox.redeliver(disputed.path("webhook").path("eventId").asText());

    HttpResponse<String> refund =
        OPERATOR.postJson(
            "/api/review/orders/" + orderId + "/refund", "refund-" + UUID.randomUUID(), "");

    assertThat(MoneyTrail.net(orderId))
        .as("paid, minus refunded and charged back, at the gateway (%s)", refund.body())
        .isGreaterThanOrEqualTo(0);
    assertThat(
            Db.count(
                "SELECT COALESCE(sum(amount), 0) FROM gateway_refund WHERE order_id = ?", orderId))
        .as("refunds asked of the gateway: it holds nothing of the order's")
        .isZero();
    assertThat(MoneyTrail.ledgerDisagreements(orderId)).isEmpty();
    assertThat(movement(orderId, "DISPUTED")).as("once, delivered twice").isEqualTo(amount);
    assertThat(refund.statusCode()).as(refund.body()).isEqualTo(409);
    assertThat(refund.body()).contains("order-not-in-review");

    assertThat(ReviewCases.status(orderId))
        .as("settled: the bank took it all back")
        .isEqualTo("REFUNDED");
    assertThat(queued(orderId)).as("nothing waits for an operator").isEmpty();
    assertThat(MoneyTrail.ledgerProblems(orderId)).isEmpty();
    Db.chained(orderId);
    long refundedFacts =
        Db.count(
            "SELECT count(*) FROM payment_log WHERE order_id = ? AND status = 'REFUNDED' AND kind"
                + " = 'ORDER_STATUS_CHANGED'",
            orderId);
    assertThat(refundedFacts).as("one status change to REFUNDED, chained").isOne();
    assertThat(
            Db.count(
                "SELECT count(*) FROM receipt WHERE order_id = ? AND kind <> 'RECEIPT'", orderId))
        .as("no return invoice: the shop refunded nothing")
        .isZero();
  }

  private static long movement(long orderId, String movement) {
    return Db.count(
        "SELECT COALESCE(sum(amount), 0) FROM money_movement WHERE order_id = ? AND movement = ?",
        orderId,
        movement);
  }

  /** Where the review queue lists the order: in review, or money of it waiting for a person. */
  private static List<String> queued(long orderId) {
    HttpResponse<String> queue = OPERATOR.get("/api/review");
    assertThat(queue.statusCode()).as(queue.body()).isEqualTo(200);
    JsonNode listed = Shopper.json(queue.body());
    List<String> found = new ArrayList<>();
    for (String list : List.of("orders", "returns_waiting", "charges_in_doubt")) {
      for (JsonNode item : listed.path(list)) {
        if (item.path("order_id").asLong() == orderId) {
          found.add(list + ": " + item);
        }
      }
    }
    return found;
  }
}
