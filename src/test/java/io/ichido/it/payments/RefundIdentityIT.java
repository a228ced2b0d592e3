package io.ichido.it.payments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.it.support.Api;
import io.ichido.it.support.Await;
import io.ichido.it.support.Db;
import io.ichido.it.support.OnSharedDeployment;
import io.ichido.it.support.Sandbox;
import io.ichido.it.support.Shopper;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * A refund is ours only when the gateway names it ours: a charge's refunded total that covers a
 * refund sent again may be another refund's (one made in the gateway's dashboard, whose webhook is
 * late), and a gateway that does not know the charge has refused the refund, not left it in doubt.
 */
class RefundIdentityIT extends OnSharedDeployment {

  private static final Api SHOP = Api.as("shop-a");

  @Test
  @DisplayName(
      "Omise: a dashboard refund whose webhook is withheld, then a merchant refund whose first send"
          + " met a 503: the resend really sends ours; two refunds at Omise, two ledger rows, two"
          + " return invoices")
  void dashboardRefundIsNotOurs() {
    long orderId = paidOrder("omise");
    String chargeId = onlyCharge(orderId);
    refundedOutside("omise", orderId, chargeId, 300L);
    String key = unansweredRefund("omise", orderId, 200);

    HttpResponse<String> answered = retriedUntilAnswered(orderId, key, 200);
    assertThat(answered.statusCode()).as(answered.body()).isEqualTo(201);
    JsonNode made = Shopper.json(answered.body());
    assertThat(made.path("status").asText()).isEqualTo("succeeded");
    assertThat(made.path("gateway_refund_id").asText()).startsWith("rfnd_test_");
    assertThat(made.path("refunded_total").asLong()).isEqualTo(500);
    assertThat(made.path("refundable").asLong()).isEqualTo(239);
    assertThat(made.at("/return_invoice/amount").asLong()).isEqualTo(200);

    JsonNode charge = omiseChargeAsOmiseHasIt(chargeId);
    assertThat(charge.path("refunded_amount").asLong()).isEqualTo(500);
    assertThat(charge.at("/refunds/data"))
        .extracting(r -> r.path("amount").asLong())
        .containsExactly(300L, 200L);
    assertThat(charge.at("/refunds/data/1/id").asText())
        .isEqualTo(made.path("gateway_refund_id").asText());
    assertThat(returned(orderId)).containsExactly(300L, 200L);
    assertThat(
            Db.text(
                "SELECT reference FROM money_movement WHERE order_id = ? AND movement = 'RETURNED'"
                    + " AND amount = 200",
                orderId))
        .isEqualTo(made.path("gateway_refund_id").asText());
    assertThat(returnInvoices(orderId)).containsExactly(300L, 200L);
    assertThat(MoneyTrail.ledgerDisagreements(orderId)).isEmpty();
    assertThat(orderStatus(orderId)).isEqualTo("PARTIALLY_REFUNDED");
  }

  @Test
  @DisplayName(
      "Omise: a dashboard refund leaving less than a merchant refund whose first send met a 503:"
          + " not sent again, refused with what is left; the dashboard's refund on the ledger")
  void dashboardRefundLeavesTooLittle() {
    long orderId = paidOrder("omise");
    String chargeId = onlyCharge(orderId);
    refundedOutside("omise", orderId, chargeId, 600L);
    String key = unansweredRefund("omise", orderId, 200);

    HttpResponse<String> refused = retriedUntilAnswered(orderId, key, 200);
    assertThat(refused.statusCode()).as(refused.body()).isEqualTo(409);
    assertThat(refused.headers().firstValue("Content-Type")).hasValue("application/problem+json");
    assertThat(refused.body()).contains("refund-exceeds-balance", "\"refundable\":139", "omise");

    assertThat(omiseChargeAsOmiseHasIt(chargeId).path("refunded_amount").asLong()).isEqualTo(600);
    assertThat(returned(orderId)).containsExactly(600L);
    assertThat(returnInvoices(orderId)).containsExactly(600L);
    assertThat(
            Db.text(
                "SELECT status || ' ' || failure_code FROM gateway_refund WHERE order_id = ?",
                orderId))
        .isEqualTo("FAILED refund-exceeds-balance");
    assertThat(MoneyTrail.ledgerDisagreements(orderId)).isEmpty();
  }

  @Test
  @DisplayName(
      "2C2P: a whole refund made in its portal (notification withheld), then a merchant refund"
          + " whose first send met a 503: 2C2P names no refund ours and none of its amount is"
          + " listed, so not made; refused with nothing left, the portal's refund on the ledger")
  void twoC2pPortalRefundIsNotOurs() {
    long orderId = paidOrder("2c2p");
    refundedOutside("2c2p", orderId, onlyCharge(orderId), null);
    String key = unansweredRefund("2c2p", orderId, 200);

    HttpResponse<String> refused = retriedUntilAnswered(orderId, key, 200);
    assertThat(refused.statusCode()).as(refused.body()).isEqualTo(409);
    assertThat(refused.body()).contains("refund-exceeds-balance", "\"refundable\":0");
    assertThat(returned(orderId)).containsExactly(739L);
    assertThat(returnInvoices(orderId)).containsExactly(739L);
    assertThat(MoneyTrail.ledgerDisagreements(orderId)).isEmpty();
    assertThat(orderStatus(orderId)).isEqualTo("REFUNDED");
  }

  @Test
  @DisplayName(
      "Stripe: a refund of a charge Stripe does not know (404 resource_missing) is refused, its"
          + " words in the detail, never left in doubt: the next refund is not refund-in-doubt")
  void unknownChargeRefusesTheRefund() {
    long orderId = paidOrder("stripe");
    String trueId =
        Db.text(
            "SELECT gateway_charge_id FROM charge_attempt WHERE order_id = ?"
                + " AND gateway_charge_id IS NOT NULL",
            orderId);
    // The attempt names a charge this Stripe account has never had (another account's, a key of
    // the other mode): Stripe answers 404 resource_missing.
    Db.update(
        "UPDATE charge_attempt SET gateway_charge_id = ? WHERE order_id = ?"
            + " AND gateway_charge_id IS NOT NULL",
        "pi_unknown" + UUID.randomUUID().toString().replace("-", ""),
        orderId);

    String key = "refund-" + UUID.randomUUID();
    HttpResponse<String> refused = refund(orderId, key, 200);
    assertThat(refused.statusCode()).as(refused.body()).isEqualTo(502);
    assertThat(refused.headers().firstValue("Content-Type")).hasValue("application/problem+json");
    JsonNode problem = Shopper.json(refused.body());
    assertThat(problem.path("type").asText()).endsWith("/gateway-rejected");
    assertThat(problem.path("detail").asText()).contains("resource_missing", "404", "refund");

    HttpResponse<String> again = refund(orderId, key, 200);
    assertThat(again.statusCode()).as(again.body()).isEqualTo(502);
    HttpResponse<String> another = refund(orderId, "refund-" + UUID.randomUUID(), 100);
    assertThat(another.statusCode()).as(another.body()).isEqualTo(502);
    assertThat(another.body()).doesNotContain("refund-in-doubt");

    assertThat(
            Db.count(
                "SELECT count(*) FROM gateway_refund WHERE order_id = ? AND status = 'FAILED'",
                orderId))
        .isEqualTo(2);
    assertThat(returned(orderId)).isEmpty();
    // The planted id taken away again: the books after the run compare the true one.
    Db.update(
        "UPDATE charge_attempt SET gateway_charge_id = ? WHERE order_id = ?"
            + " AND gateway_charge_id IS NOT NULL",
        trueId,
        orderId);
    assertThat(returnInvoices(orderId)).isEmpty();
    assertThat(orderStatus(orderId)).isEqualTo("PAID");
  }

  /** 739 yen paid by card through {@code gateway} (RefundsIT's order). */
  private static long paidOrder(String gateway) {
    String email = "identity-" + gateway + "-" + UUID.randomUUID() + "@example.jp";
    return RefundsIT.paidOrder(gateway, email).path("id").asLong();
  }

  private static HttpResponse<String> refund(long orderId, String key, long amount) {
    return RefundsIT.refund(orderId, key, amount);
  }

  /**
   * The merchant gives back {@code amount} of the charge (null: all of it) in the gateway's own
   * dashboard, not through Ichido; its webhooks are withheld.
   */
  private static void refundedOutside(String gateway, long orderId, String chargeId, Long amount) {
    Sandbox.webhookDelivery(gateway, orderId, "never", 0);
    if (amount == null) {
      Sandbox.refundAll(gateway, chargeId);
    } else {
      Sandbox.refund(gateway, chargeId, amount);
    }
  }

  /** A merchant refund whose first send meets a 503 from the gateway: its key. */
  private static String unansweredRefund(String gateway, long orderId, long amount) {
    Sandbox.fault(gateway, orderId, "http503", 1, 0);
    String key = "refund-" + UUID.randomUUID();
    HttpResponse<String> first = refund(orderId, key, amount);
    assertThat(first.statusCode()).as(first.body()).isEqualTo(503);
    assertThat(first.body()).contains("refund-unanswered");
    return key;
  }

  /**
   * The same request under its key until it is answered: a refund Omise does not list is believed
   * not made only once Omise's lookup-after (3 s here) has passed since it was sent.
   */
  private static HttpResponse<String> retriedUntilAnswered(long orderId, String key, long amount) {
    AtomicReference<HttpResponse<String>> answer = new AtomicReference<>();
    Await.until(
        "refund of order " + orderId + " answered",
        Duration.ofSeconds(30),
        () -> {
          answer.set(refund(orderId, key, amount));
          return answer.get().statusCode() != 503;
        });
    return answer.get();
  }

  private static String onlyCharge(long orderId) {
    List<JsonNode> charges = Sandbox.charges(orderId);
    assertThat(charges).hasSize(1);
    return charges.get(0).path("id").asText();
  }

  /** The charge as Omise's own API reads it, its refunds listed. */
  private static JsonNode omiseChargeAsOmiseHasIt(String chargeId) {
    HttpResponse<String> charge =
        Api.send(
            HttpRequest.newBuilder(URI.create(Sandbox.URL + "/omise/charges/" + chargeId))
                .header(
                    "Authorization",
                    "Basic "
                        + Base64.getEncoder()
                            .encodeToString("skey_test_it:".getBytes(StandardCharsets.UTF_8)))
                .GET()
                .build());
    assertThat(charge.statusCode()).as(charge.body()).isEqualTo(200);
    return Shopper.json(charge.body());
  }

  /** The order's ledger rows of money given back, oldest first. */
  private static List<Long> returned(long orderId) {
    return Db.rows(
            "SELECT amount FROM money_movement WHERE order_id = ? AND movement = 'RETURNED'"
                + " ORDER BY id",
            orderId)
        .stream()
        .map(row -> ((Number) row.get("amount")).longValue())
        .toList();
  }

  /** What each return invoice of the order gave back, oldest first. */
  private static List<Long> returnInvoices(long orderId) {
    return Db.rows(
            "SELECT amount FROM receipt WHERE order_id = ? AND kind = 'RETURN' ORDER BY id",
            orderId)
        .stream()
        .map(row -> ((Number) row.get("amount")).longValue())
        .toList();
  }

  private static String orderStatus(long orderId) {
    return Shopper.json(SHOP.get("/api/orders/" + orderId).body()).path("status").asText();
  }
}
