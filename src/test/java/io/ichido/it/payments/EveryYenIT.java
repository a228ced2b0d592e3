package io.ichido.it.payments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ichido.it.support.Api;
import io.ichido.it.support.Await;
import io.ichido.it.support.Db;
import io.ichido.it.support.Delivery;
import io.ichido.it.support.Metrics;
import io.ichido.it.support.OnSharedDeployment;
import io.ichido.it.support.Sandbox;
import io.ichido.it.support.Shopper;
import io.ichido.it.support.TimePasses;
import io.ichido.sandbox.WebhookEvents;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Every yen a gateway reports is accounted for, and "not charged" is never concluded from silence:
 * one test per case of the issue that found it. Each ends with the sandbox's ledger: what the
 * gateways hold for the order, net of refunds, is the order's amount (or what a person must look
 * at), never more, and the payment log names every charge the ledger holds.
 */
class EveryYenIT extends OnSharedDeployment {

  private static final String CHARGE = "/api/payments/charge";
  private static final Api SHOP = Api.as("shop-a");
  private static final Api OPERATOR = Api.as("operator");

  @Test
  @DisplayName(
      "a bank transfer paid short goes to review and leaves its waiting state: a later expiry"
          + " releases no stock and queues no mail")
  void shortTransferThenExpiryKeepsTheGoods() throws Exception {
    String sku = Db.newProduct(10, 5000, 10);
    JsonNode order = new Shopper(SHOP).order(sku, 1);
    long orderId = order.get("id").asLong();
    long amount = order.get("amount").asLong();
    HttpResponse<String> charged =
        SHOP.postJson(
            CHARGE,
            "pay-" + UUID.randomUUID(),
            Shopper.chargeBody(order, "komoju", "bank_transfer", ""));
    assertThat(charged.statusCode()).as(charged.body()).isEqualTo(201);
    String paymentId = Shopper.json(charged.body()).path("charge_id").asText();

    Sandbox.complete("komoju", paymentId, amount - 100);
    Await.until(
        "order " + orderId + " in review", () -> "NEEDS_REVIEW".equals(orderStatus(orderId)));
    assertThat(attemptStatuses(orderId)).containsExactly("NEEDS_REVIEW");
    long mails = Db.count("SELECT count(*) FROM email_outbox WHERE order_id = ?", orderId);

    HttpResponse<String> expired =
        Delivery.of(
                "komoju",
                WebhookEvents.komoju(
                    WebhookEvents.newEventId("komoju"),
                    "payment.expired",
                    paymentId,
                    "ORDER-" + orderId,
                    amount,
                    "JPY",
                    "expired",
                    "bank_transfer"))
            .send();
    assertThat(expired.statusCode()).as(expired.body()).isEqualTo(200);

    assertThat(orderStatus(orderId)).isEqualTo("NEEDS_REVIEW");
    assertThat(Db.reserved(sku)).as("the goods stay held for the customer who paid").isEqualTo(1);
    assertThat(Db.count("SELECT count(*) FROM email_outbox WHERE order_id = ?", orderId))
        .isEqualTo(mails);
    assertThat(
            Db.count(
                "SELECT count(*) FROM charge_attempt WHERE order_id = ? AND received_amount = ?",
                orderId,
                amount - 100))
        .isEqualTo(1);
  }

  @Test
  @DisplayName(
      "2C2P 3-D Secure the customer never opens: past the payment window the attempt is asked once"
          + " more and ended, the order lapses and its stock goes back")
  void unfinishedThreeDSecureLapses() throws Exception {
    String sku = Db.newProduct(10, 1500, 10);
    JsonNode order = new Shopper(SHOP).order(sku, 1);
    long orderId = order.get("id").asLong();
    HttpResponse<String> charged =
        SHOP.postJson(
            CHARGE, "pay-" + UUID.randomUUID(), Shopper.chargeBody(order, "2c2p", "card", "3ds"));
    assertThat(charged.statusCode()).as(charged.body()).isEqualTo(201);
    assertThat(Shopper.json(charged.body()).path("status").asText()).isEqualTo("requires_action");
    assertThat(Db.reserved(sku)).isEqualTo(1);

    TimePasses.paymentWindowCloses(orderId);
    Await.until(
        "order " + orderId + " to lapse",
        Duration.ofSeconds(60),
        () -> "EXPIRED".equals(orderStatus(orderId)));
    assertThat(attemptStatuses(orderId)).containsExactly("EXPIRED");
    assertThat(Db.text("SELECT failure_code FROM charge_attempt WHERE order_id = ?", orderId))
        .isEqualTo("abandoned_unfinished");
    assertThat(Db.reserved(sku)).isZero();
    assertThat(Db.onHand(sku)).isEqualTo(10);
    MoneyTrail.assertNetIs(orderId, 0);
  }

  @Test
  @DisplayName(
      "KOMOJU 3-D Secure: the customer authenticated and never came back; past the payment window"
          + " Ichido makes the payment the authentication was for, once, and the order is paid")
  void komojuAuthenticatedButNeverBack() throws Exception {
    String sku = Db.newProduct(10, 1900, 10);
    JsonNode order = new Shopper(SHOP).order(sku, 1);
    long orderId = order.get("id").asLong();
    HttpResponse<String> charged =
        SHOP.postJson(
            CHARGE,
            "pay-" + UUID.randomUUID(),
            Shopper.chargeBody(order, "komoju", "card", "tok_3ds"));
    assertThat(charged.statusCode()).as(charged.body()).isEqualTo(201);
    JsonNode charge = Shopper.json(charged.body());
    assertThat(status(charge)).isEqualTo("requires_action");
    assertThat(charge.path("charge_id").asText()).startsWith("secure_token:");
    // No payment exists before the card is authenticated: KOMOJU's secure token comes first.
    assertThat(Sandbox.charges(orderId)).isEmpty();

    HttpResponse<String> authenticated =
        Sandbox.challenge(charge.path("authorize_uri").asText(), true);
    assertThat(authenticated.statusCode()).isEqualTo(303);

    TimePasses.paymentWindowCloses(orderId);
    Await.until(
        "order " + orderId + " paid",
        Duration.ofSeconds(60),
        () -> "PAID".equals(orderStatus(orderId)));
    assertThat(Sandbox.charges(orderId))
        .singleElement()
        .satisfies(c -> assertThat(status(c)).isEqualTo("paid"));
    MoneyTrail.assertNetIs(orderId, order.get("amount").asLong());
  }

  @Test
  @DisplayName(
      "Stripe 3-D Secure never finished: past the payment window the PaymentIntent is cancelled at"
          + " Stripe first, then the order lapses; Stripe can no longer capture it")
  void unfinishedStripeThreeDSecureIsCancelledAtStripe() throws Exception {
    String sku = Db.newProduct(10, 1700, 10);
    JsonNode order = new Shopper(SHOP).order(sku, 1);
    long orderId = order.get("id").asLong();
    HttpResponse<String> charged =
        SHOP.postJson(
            CHARGE,
            "pay-" + UUID.randomUUID(),
            Shopper.chargeBody(order, "stripe", "card", "pm_card_threeDSecure2Required"));
    assertThat(charged.statusCode()).as(charged.body()).isEqualTo(201);
    assertThat(Shopper.json(charged.body()).path("status").asText()).isEqualTo("requires_action");
    String intent = Shopper.json(charged.body()).path("charge_id").asText();

    TimePasses.paymentWindowCloses(orderId);
    Await.until(
        "order " + orderId + " to lapse",
        Duration.ofSeconds(60),
        () -> "EXPIRED".equals(orderStatus(orderId)));
    assertThat(Sandbox.charges(orderId))
        .singleElement()
        .satisfies(c -> assertThat(status(c)).as("cancelled at Stripe").isEqualTo("cancelled"));
    assertThat(Db.reserved(sku)).isZero();
    assertThat(Db.onHand(sku)).isEqualTo(10);
    assertThat(Sandbox.lateStatus("stripe", intent))
        .as("a canceled intent is never captured")
        .isEqualTo(409);
    MoneyTrail.assertNetIs(orderId, 0);
  }

  @Test
  @DisplayName(
      "KOMOJU PayPay never paid and its expiry webhook never came: past its deadline it is read"
          + " back, cancelled at KOMOJU, and the order expires with its stock released")
  void overduePaymentWhoseWebhookNeverCameEnds() throws Exception {
    String sku = Db.newProduct(10, 1900, 10);
    JsonNode order = new Shopper(SHOP).order(sku, 1);
    long orderId = order.get("id").asLong();
    HttpResponse<String> charged =
        SHOP.postJson(
            CHARGE, "pay-" + UUID.randomUUID(), Shopper.chargeBody(order, "komoju", "paypay", ""));
    assertThat(charged.statusCode()).as(charged.body()).isEqualTo(201);
    assertThat(attemptStatuses(orderId)).containsExactly("AWAITING_PAYMENT");
    assertThat(
            Db.count(
                "SELECT count(*) FROM charge_attempt WHERE order_id = ? AND pay_by > now()",
                orderId))
        .as("KOMOJU's payment_deadline kept")
        .isEqualTo(1);
    // As if the deadline passed an hour and more ago and KOMOJU's expiry never reached us.
    Db.update(
        "UPDATE charge_attempt SET pay_by = now() - interval '2 hours' WHERE order_id = ?",
        orderId);

    // KOMOJU's payment.cancelled, sent while we cancel, may end it first: FAILED, as any
    // cancelled payment of KOMOJU's; else the sweep's reading, EXPIRED. Unpaid either way.
    Await.until(
        "order " + orderId + " to end unpaid",
        Duration.ofSeconds(30),
        () -> List.of("EXPIRED", "FAILED").contains(orderStatus(orderId)));
    assertThat(attemptStatuses(orderId)).singleElement().isIn("EXPIRED", "DECLINED");
    assertThat(Sandbox.charges(orderId))
        .singleElement()
        .satisfies(c -> assertThat(status(c)).as("cancelled at KOMOJU").isEqualTo("cancelled"));
    assertThat(Db.reserved(sku)).isZero();
    MoneyTrail.assertNetIs(orderId, 0);
  }

  @Test
  @DisplayName(
      "scenario 6: KOMOJU's payment.authorized overtakes the create's answer; the answer's"
          + " instructions and deadline are kept, and past the deadline the order lapses and its"
          + " stock goes back on sale, with no expiry webhook")
  void authorizedBeforeTheAnswer() throws Exception {
    String sku = Db.newProduct(10, 1800, 10);
    JsonNode order = new Shopper(SHOP).order(sku, 1);
    long orderId = order.get("id").asLong();
    long amount = order.get("amount").asLong();
    Sandbox.fault("komoju", orderId, "authorized_before_answer", 1, 0);
    HttpResponse<String> answer =
        SHOP.postJson(
            CHARGE, "pay-" + UUID.randomUUID(), Shopper.chargeBody(order, "komoju", "konbini", ""));
    String paymentId = Sandbox.charges(orderId).get(0).path("id").asText();
    List<JsonNode> authorized = new ArrayList<>();
    Sandbox.get("/_sandbox/webhooks")
        .forEach(
            hook -> {
              if (hook.path("chargeId").asText().equals(paymentId)) {
                authorized.add(hook);
              }
            });
    assertThat(authorized)
        .as("payment.authorized delivered, and taken, before the answer")
        .singleElement()
        .satisfies(
            hook -> {
              assertThat(hook.path("type").asText()).isEqualTo("payment.authorized");
              assertThat(hook.path("lastStatus").asInt()).isEqualTo(200);
            });
    Sandbox.webhookDelivery("komoju", orderId, "never", 0);

    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(201);
    assertThat(Shopper.json(answer.body()).path("instructions").isObject()).isTrue();
    assertThat(
            Db.count(
                "SELECT count(*) FROM charge_attempt WHERE order_id = ? AND pay_by IS NOT NULL"
                    + " AND instructions IS NOT NULL",
                orderId))
        .as("the answer's deadline and instructions kept")
        .isOne();

    lapsesLongAfter(orderId, sku);
  }

  @Test
  @DisplayName(
      "KOMOJU's payment.authorized tells a konbini payment whose create's answer is lost for good:"
          + " the webhook's payment_deadline is kept, and past it the order lapses and its stock"
          + " goes back on sale (before: no deadline, the stock held for ever)")
  void authorizedAndTheAnswerLostForGood() throws Exception {
    String sku = Db.newProduct(10, 1700, 10);
    JsonNode order = new Shopper(SHOP).order(sku, 1);
    long orderId = order.get("id").asLong();
    long amount = order.get("amount").asLong();
    Sandbox.webhookDelivery("komoju", orderId, "never", 0);
    Sandbox.fault("komoju", orderId, "drop", 50, 0);
    HttpResponse<String> lost =
        SHOP.postJson(
            CHARGE, "pay-" + UUID.randomUUID(), Shopper.chargeBody(order, "komoju", "konbini", ""));
    assertThat(lost.statusCode()).as(lost.body()).isNotEqualTo(201);
    String paymentId = Sandbox.charges(orderId).get(0).path("id").asText();

    ObjectNode event =
        (ObjectNode)
            Shopper.json(
                WebhookEvents.komoju(
                    WebhookEvents.newEventId("komoju"),
                    "payment.authorized",
                    paymentId,
                    "ORDER-" + orderId,
                    amount,
                    "JPY",
                    "authorized",
                    "konbini"));
    ((ObjectNode) event.path("data"))
        .put("payment_deadline", Instant.now().plus(Duration.ofDays(3)).toString());
    HttpResponse<String> authorized = Delivery.of("komoju", event.toString()).send();
    assertThat(authorized.statusCode()).as(authorized.body()).isEqualTo(200);
    assertThat(attemptStatuses(orderId)).containsExactly("AWAITING_PAYMENT");
    assertThat(
            Db.count(
                "SELECT count(*) FROM charge_attempt WHERE order_id = ? AND pay_by IS NOT NULL",
                orderId))
        .as("the webhook's deadline kept")
        .isOne();
    Sandbox.clearFaults(orderId);

    lapsesLongAfter(orderId, sku);
  }

  /** A month later, with no webhook: the order has lapsed and its stock is back on sale. */
  private static void lapsesLongAfter(long orderId, String sku) {
    TimePasses.forOrder(orderId, Duration.ofDays(30));
    Await.until(
        "order " + orderId + " to lapse past its deadline",
        Duration.ofSeconds(60),
        () -> "EXPIRED".equals(orderStatus(orderId)));
    assertThat(Db.reserved(sku)).as("the stock back on sale").isZero();
  }

  @Test
  @DisplayName(
      "scenario 3: KOMOJU's capture webhook lost, then the payment refunded in KOMOJU's portal: the"
          + " refund's webhook, about a payment we never heard paid, is read back, never dropped;"
          + " the money is shown taken and all given back, and the order never paid")
  void refundToldBeforeThePayment() {
    String sku = Db.newProduct(10, 1900, 10);
    JsonNode order = new Shopper(SHOP).order(sku, 1);
    long orderId = order.get("id").asLong();
    long amount = order.get("amount").asLong();
    HttpResponse<String> charged =
        SHOP.postJson(
            CHARGE, "pay-" + UUID.randomUUID(), Shopper.chargeBody(order, "komoju", "konbini", ""));
    assertThat(charged.statusCode()).as(charged.body()).isEqualTo(201);
    String paymentId = Shopper.json(charged.body()).path("charge_id").asText();
    Sandbox.webhookDelivery("komoju", orderId, "never", 0);
    Sandbox.complete("komoju", paymentId);
    Sandbox.webhookDelivery("komoju", orderId, "normal", 0);

    Sandbox.refund("komoju", paymentId, amount);

    Await.until(
        "the refund's webhook read back",
        Duration.ofSeconds(20),
        () -> attemptStatuses(orderId).equals(List.of("SURPLUS_REFUNDED")));
    assertThat(orderStatus(orderId)).isNotEqualTo("PAID");
    assertThat(MoneyTrail.ledgerDisagreements(orderId)).isEmpty();
    assertThat(
            Db.count(
                "SELECT count(*) FROM payment_log WHERE order_id = ? AND kind = 'RECEIPT_ISSUED'",
                orderId))
        .isZero();
  }

  /**
   * A paid order whose first, declined card KOMOJU captures late after all, with the surplus's
   * return refused by KOMOJU once: the answer is the late charge's attempt id.
   */
  private static long surplusRefusedOnce(long orderId, JsonNode order) {
    assertThat(
            SHOP.postJson(
                    CHARGE,
                    "pay-" + UUID.randomUUID(),
                    Shopper.chargeBody(
                        order, "komoju", "card", Sandbox.CARD_THAT_DECLINES.get("komoju")))
                .statusCode())
        .isEqualTo(402);
    assertThat(
            SHOP.postJson(
                    CHARGE,
                    "pay-" + UUID.randomUUID(),
                    Shopper.chargeBody(
                        order, "komoju", "card", Sandbox.CARD_THAT_PAYS.get("komoju")))
                .statusCode())
        .isEqualTo(201);
    JsonNode first =
        Sandbox.charges(orderId).stream()
            .filter(c -> "failed".equals(status(c)))
            .findFirst()
            .orElseThrow();
    Sandbox.fault("komoju", orderId, "refuse_refund", 1, 0);
    Sandbox.succeedLate("komoju", first.path("id").asText());
    Await.until(
        "the surplus's return refused",
        Duration.ofSeconds(30),
        () ->
            Db.count(
                    "SELECT count(*) FROM gateway_refund WHERE order_id = ? AND status = 'FAILED'",
                    orderId)
                == 1);
    return Db.count(
        "SELECT id FROM charge_attempt WHERE order_id = ? AND status = 'SURPLUS'", orderId);
  }

  private static JsonNode waiting(long attemptId) {
    HttpResponse<String> queue = OPERATOR.get("/api/review");
    assertThat(queue.statusCode()).as(queue.body()).isEqualTo(200);
    for (JsonNode waiting : Shopper.json(queue.body()).path("returns_waiting")) {
      if (waiting.path("attempt_id").asLong() == attemptId) {
        return waiting;
      }
    }
    return null;
  }

  @Test
  @DisplayName(
      "scenario 2: a surplus whose return KOMOJU refused leaves the paid order PAID, waits in the"
          + " review queue with its ways out, and goes back once when an operator asks again")
  void refusedSurplusReturnIsAskedAgain() {
    String sku = Db.newProduct(10, 2200, 10);
    JsonNode order = new Shopper(SHOP).order(sku, 1);
    long orderId = order.get("id").asLong();
    long amount = order.get("amount").asLong();
    long surplus = surplusRefusedOnce(orderId, order);

    assertThat(orderStatus(orderId)).as("the paid order stays as it was").isEqualTo("PAID");
    JsonNode waiting = waiting(surplus);
    assertThat(waiting).as("listed for an operator").isNotNull();
    assertThat(waiting.path("amount").asLong()).isEqualTo(amount);
    assertThat(waiting.path("ways").toString()).contains("return_again", "record_returned_outside");

    String path = "/api/review/attempts/" + surplus + "/return";
    String key = "again-" + UUID.randomUUID();
    HttpResponse<String> asked = OPERATOR.postJson(path, key, "");
    assertThat(asked.statusCode()).as(asked.body()).isEqualTo(200);
    assertThat(Shopper.json(asked.body()).path("decision").asText()).isEqualTo("return-asked");
    Await.until(
        "the surplus back with the customer",
        Duration.ofSeconds(30),
        () -> attemptStatuses(orderId).equals(List.of("SURPLUS_REFUNDED", "SUCCEEDED")));
    HttpResponse<String> replay = OPERATOR.postJson(path, key, "");
    assertThat(replay.body()).isEqualTo(asked.body());
    HttpResponse<String> again = OPERATOR.postJson(path, "again-" + UUID.randomUUID(), "");
    assertThat(again.statusCode()).as(again.body()).isEqualTo(409);
    assertThat(again.body()).contains("nothing-to-retry");
    MoneyTrail.assertNetIs(orderId, amount);
    assertThat(orderStatus(orderId)).isEqualTo("PAID");
    assertThat(waiting(surplus)).as("no longer waiting").isNull();
    Db.chained(orderId);
    assertThat(
            Db.text(
                "SELECT actor FROM payment_log WHERE order_id = ? AND kind = 'REFUND_REQUESTED'",
                orderId))
        .isEqualTo("operator");
    assertThat(
            Db.count(
                "SELECT sum(amount) FROM money_movement WHERE attempt_id = ? AND movement = ?",
                surplus,
                "RETURNED"))
        .isEqualTo(amount);
  }

  @Test
  @DisplayName(
      "scenario 2: a refused surplus given back in KOMOJU's portal (its webhook lost) is recorded"
          + " by an operator once, with its reference, and never more than waits")
  void refusedSurplusReturnedInThePortalIsRecorded() {
    String sku = Db.newProduct(10, 2200, 10);
    JsonNode order = new Shopper(SHOP).order(sku, 1);
    long orderId = order.get("id").asLong();
    long amount = order.get("amount").asLong();
    long surplus = surplusRefusedOnce(orderId, order);
    String chargeId = Db.text("SELECT gateway_charge_id FROM charge_attempt WHERE id = ?", surplus);
    Sandbox.webhookDelivery("komoju", orderId, "never", 0);
    Sandbox.refund("komoju", chargeId, amount);

    String path = "/api/review/attempts/" + surplus + "/returned-outside";
    HttpResponse<String> over =
        OPERATOR.postJson(
            path,
            "outside-" + UUID.randomUUID(),
            "{\"amount\": " + (amount + 1) + ", \"reference\": \"re_portal\"}");
    assertThat(over.statusCode()).as(over.body()).isEqualTo(409);
    assertThat(over.body()).contains("more-than-held");
    HttpResponse<String> recorded =
        OPERATOR.postJson(
            path,
            "outside-" + UUID.randomUUID(),
            "{\"amount\": " + amount + ", \"reference\": \"re_portal\"}");
    assertThat(recorded.statusCode()).as(recorded.body()).isEqualTo(200);
    assertThat(Shopper.json(recorded.body()).path("still_waiting").asLong()).isZero();
    assertThat(attemptStatuses(orderId)).isEqualTo(List.of("SURPLUS_REFUNDED", "SUCCEEDED"));
    assertThat(waiting(surplus)).isNull();
    HttpResponse<String> twice =
        OPERATOR.postJson(
            path,
            "outside-" + UUID.randomUUID(),
            "{\"amount\": " + amount + ", \"reference\": \"re_portal\"}");
    assertThat(twice.statusCode()).as(twice.body()).isEqualTo(409);
    assertThat(twice.body()).contains("nothing-to-record");
    Db.chained(orderId);
    assertThat(
            Db.text(
                "SELECT actor FROM payment_log WHERE order_id = ? AND kind = 'RETURN_RECORDED'",
                orderId))
        .isEqualTo("operator");
    MoneyTrail.assertNetIs(orderId, amount);
    assertThat(orderStatus(orderId)).isEqualTo("PAID");
  }

  @Test
  @DisplayName(
      "KOMOJU declined a card, another card paid, then KOMOJU reports the first captured after all:"
          + " 200, a chained fact names it, and it goes back by itself, once")
  void lateCaptureOfADeclinedAttemptIsRefunded() throws Exception {
    String sku = Db.newProduct(10, 2200, 10);
    JsonNode order = new Shopper(SHOP).order(sku, 1);
    long orderId = order.get("id").asLong();
    long amount = order.get("amount").asLong();
    HttpResponse<String> declined =
        SHOP.postJson(
            CHARGE,
            "pay-" + UUID.randomUUID(),
            Shopper.chargeBody(order, "komoju", "card", Sandbox.CARD_THAT_DECLINES.get("komoju")));
    assertThat(declined.statusCode()).as(declined.body()).isEqualTo(402);
    HttpResponse<String> paid =
        SHOP.postJson(
            CHARGE,
            "pay-" + UUID.randomUUID(),
            Shopper.chargeBody(order, "komoju", "card", Sandbox.CARD_THAT_PAYS.get("komoju")));
    assertThat(paid.statusCode()).as(paid.body()).isEqualTo(201);
    JsonNode first =
        Sandbox.charges(orderId).stream()
            .filter(c -> "failed".equals(status(c)))
            .findFirst()
            .orElseThrow(() -> new AssertionError("the declined payment in the ledger"));

    Sandbox.succeedLate("komoju", first.path("id").asText());

    Await.until(
        "the late capture of order " + orderId + " to go back",
        Duration.ofSeconds(30),
        () -> attemptStatuses(orderId).equals(List.of("SURPLUS_REFUNDED", "SUCCEEDED")));
    assertThat(orderStatus(orderId)).isEqualTo("PAID");
    MoneyTrail.assertNetIs(orderId, amount);
    assertThat(Db.factsByKind("order_id", orderId))
        .containsEntry("PAYMENT_SURPLUS", 1L)
        .containsEntry("SURPLUS_REFUNDED", 1L);
    JsonNode payments = Shopper.json(SHOP.get("/api/orders/" + orderId).body()).path("payments");
    assertThat(payments).hasSize(2);
    assertThat(payments.get(0).path("status").asText()).isEqualTo("SURPLUS_REFUNDED");
    assertThat(payments.get(0).path("chargeId").asText()).isEqualTo(first.path("id").asText());
    assertThat(payments.get(0).path("received").asLong()).isEqualTo(amount);
    assertThat(payments.get(0).at("/refunds/0/status").asText()).isEqualTo("SUCCEEDED");
    assertThat(payments.get(1).path("status").asText()).isEqualTo("SUCCEEDED");

    // The gateway tells it again: nothing more goes back.
    JsonNode capture =
        java.util.stream.StreamSupport.stream(
                Sandbox.get("/_sandbox/webhooks").spliterator(), false)
            .filter(e -> "payment.captured".equals(e.path("type").asText()))
            .filter(e -> first.path("id").asText().equals(e.path("chargeId").asText()))
            .findFirst()
            .orElseThrow(() -> new AssertionError("the late capture's webhook"));
    assertThat(capture.path("lastStatus").asInt()).as("answered, not 500").isEqualTo(200);
    JsonNode again = Sandbox.redeliver(capture.path("eventId").asText());
    // Answered: what the delivery changed is committed (a refund is queued with its decision).
    assertThat(again.path("status").asInt()).isEqualTo(200);
    MoneyTrail.assertNetIs(orderId, amount);
    assertThat(Db.count("SELECT count(*) FROM gateway_refund WHERE order_id = ?", orderId))
        .isEqualTo(1);
  }

  @Test
  @DisplayName(
      "Omise 3-D Secure abandoned past the payment window, then completed by the customer after"
          + " all: the order stays lapsed and the money goes back by itself")
  void threeDSecureFinishedAfterTheOrderLapsedIsRefunded() throws Exception {
    String sku = Db.newProduct(10, 1800, 10);
    JsonNode order = new Shopper(SHOP).order(sku, 1);
    long orderId = order.get("id").asLong();
    HttpResponse<String> charged =
        SHOP.postJson(
            CHARGE,
            "pay-" + UUID.randomUUID(),
            Shopper.chargeBody(order, "omise", "card", "tokn_test_3ds"));
    assertThat(charged.statusCode()).as(charged.body()).isEqualTo(201);
    String chargeId = Shopper.json(charged.body()).path("charge_id").asText();
    TimePasses.paymentWindowCloses(orderId);
    Await.until(
        "order " + orderId + " to lapse",
        Duration.ofSeconds(60),
        () -> "EXPIRED".equals(orderStatus(orderId)));
    assertThat(Db.reserved(sku)).isZero();

    Sandbox.succeedLate("omise", chargeId);

    Await.until(
        "the late payment of order " + orderId + " to go back",
        Duration.ofSeconds(30),
        () -> attemptStatuses(orderId).equals(List.of("SURPLUS_REFUNDED")));
    assertThat(orderStatus(orderId)).isEqualTo("EXPIRED");
    MoneyTrail.assertNetIs(orderId, 0);
    assertThat(Db.factsByKind("order_id", orderId)).containsEntry("SURPLUS_REFUNDED", 1L);
  }

  @Test
  @DisplayName(
      "Stripe charged, every answer lost, then our key is refused (401): the attempt stays in doubt,"
          + " readiness is DOWN, a new key gets 409; once accepted again, one charge, order paid")
  void refusedKeyIsNoStatementAboutThePayment() throws Exception {
    String sku = Db.newProduct(10, 2600, 10);
    JsonNode order = new Shopper(SHOP).order(sku, 1);
    long orderId = order.get("id").asLong();
    String body = Shopper.chargeBody(order, "stripe", "card", Sandbox.CARD_THAT_PAYS.get("stripe"));
    Sandbox.fault("stripe", orderId, "drop", 4, 0);
    HttpResponse<String> first = SHOP.postJson(CHARGE, "pay-" + UUID.randomUUID(), body);
    assertThat(first.statusCode()).as(first.body()).isEqualTo(503);
    Sandbox.clearFaults(orderId);
    Sandbox.fault("stripe", orderId, "http401", 1000, 0);

    HttpResponse<String> newKey = SHOP.postJson(CHARGE, "pay-" + UUID.randomUUID(), body);
    assertThat(newKey.statusCode()).as(newKey.body()).isEqualTo(409);
    assertThat(newKey.body()).contains("payment-in-doubt");
    assertThat(attemptStatuses(orderId)).containsExactly("UNKNOWN");
    HttpResponse<String> ready = Api.anonymous().get("/health/ready");
    assertThat(ready.statusCode()).isEqualTo(503);
    assertThat(ready.body()).contains("ichido.gateway.stripe.secret-key").contains("refused");
    assertThat(Metrics.counter("ichido_gateway_refusals_total")).isPositive();

    Sandbox.clearFaults(orderId);
    HttpResponse<String> last =
        new Shopper(SHOP).untilFinal(CHARGE, () -> "pay-" + UUID.randomUUID(), body);
    assertThat(last.statusCode()).as(last.body()).isEqualTo(409);
    assertThat(last.body()).contains("order-already-paid");
    assertThat(orderStatus(orderId)).isEqualTo("PAID");
    assertThat(attemptStatuses(orderId)).containsExactly("SUCCEEDED");
    MoneyTrail.assertNetIs(orderId, order.get("amount").asLong());
    Await.until(
        "readiness UP again", () -> Api.anonymous().get("/health/ready").statusCode() == 200);
  }

  static List<String> attemptStatuses(long orderId) {
    return Db.rows("SELECT status FROM charge_attempt WHERE order_id = ? ORDER BY id", orderId)
        .stream()
        .map(row -> (String) row.get("status"))
        .toList();
  }

  static String orderStatus(long orderId) {
    return Shopper.json(SHOP.get("/api/orders/" + orderId).body()).path("status").asText();
  }

  private static String status(JsonNode charge) {
    return charge.path("status").asText();
  }
}
