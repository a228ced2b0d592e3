package io.ichido.it.payments;

import static io.ichido.it.payments.ReviewCases.disputed;
import static io.ichido.it.payments.ReviewCases.inReview;
import static io.ichido.it.payments.ReviewCases.status;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.it.support.Api;
import io.ichido.it.support.Await;
import io.ichido.it.support.Db;
import io.ichido.it.support.Mailbox;
import io.ichido.it.support.OnSharedDeployment;
import io.ichido.it.support.Outbox;
import io.ichido.it.support.Sandbox;
import io.ichido.it.support.Shopper;
import io.ichido.it.support.Together;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The review queue ({@code /api/review}) against the real server, the gateway sandbox (whose ledger
 * says what each gateway gave back), a real SMTP server and the payment log: real review cases made
 * by bank transfers of the wrong amount, each decided once under a storm of one key, listed before
 * and not after, and closed to anyone but an operator.
 */
class ReviewQueueIT extends OnSharedDeployment {

  private static final Api SHOP_A = Api.as("shop-a");
  private static final Api OPERATOR = Api.as("operator");
  private static final Api AUDITOR = Api.as("auditor");
  private static final Mailbox MAILBOX = Mailbox.shared();

  private static JsonNode queued(long orderId) {
    HttpResponse<String> queue = OPERATOR.get("/api/review");
    assertThat(queue.statusCode()).as(queue.body()).isEqualTo(200);
    for (JsonNode order : Shopper.json(queue.body()).path("orders")) {
      if (order.path("order_id").asLong() == orderId) {
        return order;
      }
    }
    return null;
  }

  private static long facts(long orderId, String kind) {
    Db.chained(orderId);
    return Db.count(
        "SELECT count(*) FROM payment_log WHERE order_id = ? AND kind = ?", orderId, kind);
  }

  private static long refundedAtTheGateway(long orderId) {
    return Sandbox.charges(orderId).stream()
        .mapToLong(c -> c.path("amountRefunded").asLong())
        .sum();
  }

  @Test
  @DisplayName(
      "a short transfer accepted by 20 requests with one key: listed before and not after, paid"
          + " with what came, one receipt for it, one e-mail, the unit sold once, one chained fact"
          + " naming the operator")
  void acceptStorm() throws Exception {
    String email = "review-accept-" + UUID.randomUUID() + "@example.jp";
    String sku = Db.newProduct(10, 5000, 10);
    JsonNode charge = inReview(sku, email, -1200);
    long orderId = charge.path("order_id").asLong();
    long received = charge.path("amount").asLong() - 1200;

    JsonNode listed = queued(orderId);
    assertThat(listed).as("listed while in review").isNotNull();
    assertThat(listed.path("amount").asLong()).isEqualTo(5500);
    assertThat(listed.path("received").asLong()).isEqualTo(received);
    assertThat(listed.path("reason").asText()).isNotBlank();
    assertThat(listed.path("since").asText()).isNotBlank();
    assertThat(listed.at("/attempts/0/gateway").asText()).isEqualTo("komoju");
    assertThat(listed.at("/attempts/0/charge_id").asText())
        .isEqualTo(charge.path("charge_id").asText());
    assertThat(listed.at("/attempts/0/status").asText()).isEqualTo("NEEDS_REVIEW");
    assertThat(listed.at("/attempts/0/received").asLong()).isEqualTo(received);

    String path = "/api/review/orders/" + orderId + "/accept";
    String key = "accept-" + UUID.randomUUID();
    List<HttpResponse<String>> answers = Together.fire(20, i -> OPERATOR.postJson(path, key, ""));
    assertThat(answers).allSatisfy(a -> assertThat(a.statusCode()).as(a.body()).isIn(200, 409));
    assertThat(answers).anySatisfy(a -> assertThat(a.statusCode()).isEqualTo(200));
    answers.stream()
        .filter(a -> a.statusCode() == 409)
        .forEach(
            a ->
                assertThat(a.body())
                    .as("only the key in flight")
                    .contains("idempotency-key-in-use"));
    HttpResponse<String> settled = OPERATOR.postJson(path, key, "");
    assertThat(settled.statusCode()).as(settled.body()).isEqualTo(200);
    JsonNode outcome = Shopper.json(settled.body());
    assertThat(outcome.path("decision").asText()).isEqualTo("accepted");
    assertThat(outcome.path("order_status").asText()).isEqualTo("PAID");
    assertThat(outcome.path("paid").asLong()).isEqualTo(received);
    assertThat(outcome.path("operator").asText()).isEqualTo("operator");

    assertThat(status(orderId)).isEqualTo("PAID");
    assertThat(Db.count("SELECT paid_amount FROM customer_order WHERE id = ?", orderId))
        .isEqualTo(received);
    assertThat(
            Db.count(
                "SELECT count(*) FROM receipt WHERE order_id = ? AND kind = 'RECEIPT'", orderId))
        .isOne();
    assertThat(
            Db.count(
                "SELECT sum(r.amount) FROM receipt d JOIN receipt_rate r ON r.receipt_id = d.id"
                    + " WHERE d.order_id = ? AND d.kind = 'RECEIPT'",
                orderId))
        .as("the receipt is for what was paid")
        .isEqualTo(received);
    MAILBOX.await(email, 1);
    Outbox.settledFor(orderId);
    assertThat(MAILBOX.to(email)).hasSize(1);
    assertThat(Db.onHand(sku)).as("sold once").isEqualTo(9);
    assertThat(Db.reserved(sku)).isZero();
    assertThat(facts(orderId, "REVIEW_ACCEPTED")).isOne();
    assertThat(
            Db.text(
                "SELECT actor FROM payment_log WHERE order_id = ? AND kind = 'REVIEW_ACCEPTED'",
                orderId))
        .isEqualTo("operator");
    assertThat(facts(orderId, "RECEIPT_ISSUED")).isOne();
    assertThat(queued(orderId)).as("not listed once decided").isNull();

    HttpResponse<String> again = OPERATOR.postJson(path, "accept-" + UUID.randomUUID(), "");
    assertThat(again.statusCode()).as(again.body()).isEqualTo(409);
    assertThat(again.body()).contains("order-not-in-review");
    HttpResponse<String> refund =
        OPERATOR.postJson(
            "/api/review/orders/" + orderId + "/refund", "refund-" + UUID.randomUUID(), "");
    assertThat(refund.statusCode()).as(refund.body()).isEqualTo(409);
    assertThat(refund.body()).contains("order-not-in-review");
    assertThat(refundedAtTheGateway(orderId)).isZero();
  }

  @Test
  @DisplayName(
      "an overpayment accepted: only what it took beyond the price goes back, its refund's webhook"
          + " is no refund of the order (still PAID, no return invoice), and the whole price can"
          + " still be refunded")
  void overpaymentAccepted() {
    String sku = Db.newProduct(10, 5000, 10);
    JsonNode charge = inReview(sku, "review-over-" + UUID.randomUUID() + "@example.jp", 408);
    long orderId = charge.path("order_id").asLong();
    long price = charge.path("amount").asLong();
    String chargeId = charge.path("charge_id").asText();

    HttpResponse<String> accepted =
        OPERATOR.postJson(
            "/api/review/orders/" + orderId + "/accept", "accept-" + UUID.randomUUID(), "");
    assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(200);
    assertThat(Shopper.json(accepted.body()).path("paid").asLong()).isEqualTo(price);
    Await.until(
        "the surplus given back and its webhooks taken",
        Duration.ofSeconds(20),
        () ->
            refundedAtTheGateway(orderId) == 408
                && Db.count(
                        "SELECT count(*) FROM payment_log WHERE kind = 'WEBHOOK_PROCESSED'"
                            + " AND charge_id = ? AND details LIKE '%refund%'",
                        chargeId)
                    > 0);
    Outbox.settledFor(orderId);

    assertThat(status(orderId)).as("one refund, one fact: the surplus's").isEqualTo("PAID");
    assertThat(
            Db.count(
                "SELECT count(*) FROM receipt WHERE order_id = ? AND kind = 'RETURN'", orderId))
        .isZero();
    assertThat(
            Db.count(
                "SELECT sum(amount) FROM money_movement WHERE order_id = ? AND movement = ?",
                orderId,
                "RETURNED"))
        .as("the ledger")
        .isEqualTo(408);
    HttpResponse<String> whole =
        SHOP_A.postJson(
            "/api/orders/" + orderId + "/refunds",
            "refund-" + UUID.randomUUID(),
            "{\"amount\": " + price + "}");
    assertThat(whole.statusCode()).as(whole.body()).isEqualTo(201);
    assertThat(refundedAtTheGateway(orderId)).isEqualTo(408 + price);
  }

  @Test
  @DisplayName(
      "an accepted overpayment whose surplus return KOMOJU refused: no refund of the order until an"
          + " operator has given the surplus back, then the whole price")
  void refusedSurplusBeforeTheMerchantsRefund() {
    String sku = Db.newProduct(10, 5000, 10);
    JsonNode charge = inReview(sku, "review-refused-" + UUID.randomUUID() + "@example.jp", 408);
    long orderId = charge.path("order_id").asLong();
    long price = charge.path("amount").asLong();
    Sandbox.fault("komoju", orderId, "refuse_refund", 1, 0);
    HttpResponse<String> accepted =
        OPERATOR.postJson(
            "/api/review/orders/" + orderId + "/accept", "accept-" + UUID.randomUUID(), "");
    assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(200);
    Await.until(
        "the surplus's return refused",
        Duration.ofSeconds(20),
        () ->
            Db.count(
                    "SELECT count(*) FROM gateway_refund WHERE order_id = ? AND status = 'FAILED'",
                    orderId)
                == 1);

    String refunds = "/api/orders/" + orderId + "/refunds";
    String whole = "{\"amount\": " + price + "}";
    HttpResponse<String> early = SHOP_A.postJson(refunds, "refund-" + UUID.randomUUID(), whole);
    assertThat(early.statusCode()).as(early.body()).isEqualTo(409);
    assertThat(early.body()).contains("surplus-not-returned");
    assertThat(refundedAtTheGateway(orderId)).isZero();

    long attempt =
        Db.count(
            "SELECT id FROM charge_attempt WHERE order_id = ? AND status = 'SUCCEEDED'", orderId);
    HttpResponse<String> again =
        OPERATOR.postJson(
            "/api/review/attempts/" + attempt + "/return", "again-" + UUID.randomUUID(), "");
    assertThat(again.statusCode()).as(again.body()).isEqualTo(200);
    Await.until(
        "the surplus back", Duration.ofSeconds(20), () -> refundedAtTheGateway(orderId) == 408);
    Await.until(
        "its return settled",
        Duration.ofSeconds(20),
        () ->
            Db.count(
                    "SELECT count(*) FROM gateway_refund WHERE order_id = ?"
                        + " AND status IN ('STARTED', 'UNKNOWN')",
                    orderId)
                == 0);
    HttpResponse<String> then = SHOP_A.postJson(refunds, "refund-" + UUID.randomUUID(), whole);
    assertThat(then.statusCode()).as(then.body()).isEqualTo(201);
    assertThat(refundedAtTheGateway(orderId)).isEqualTo(408 + price);
  }

  @Test
  @DisplayName(
      "a short transfer refunded by 20 requests with one key: one refund at the gateway of"
          + " all that came, the order refunded, its unit released once, no receipt, the facts"
          + " naming the operator")
  void refundStorm() throws Exception {
    String email = "review-refund-" + UUID.randomUUID() + "@example.jp";
    String sku = Db.newProduct(10, 5000, 10);
    JsonNode charge = inReview(sku, email, -700);
    long orderId = charge.path("order_id").asLong();
    long received = charge.path("amount").asLong() - 700;
    assertThat(queued(orderId)).isNotNull();
    assertThat(Db.reserved(sku)).isOne();

    String path = "/api/review/orders/" + orderId + "/refund";
    String key = "refund-" + UUID.randomUUID();
    List<HttpResponse<String>> answers = Together.fire(20, i -> OPERATOR.postJson(path, key, ""));
    assertThat(answers)
        .allSatisfy(a -> assertThat(a.statusCode()).as(a.body()).isIn(200, 409, 503));
    HttpResponse<String> settled = OPERATOR.postJson(path, key, "");
    assertThat(settled.statusCode()).as(settled.body()).isEqualTo(200);
    JsonNode outcome = Shopper.json(settled.body());
    assertThat(outcome.path("decision").asText()).isEqualTo("refunded");
    assertThat(outcome.path("order_status").asText()).isEqualTo("REFUNDED");
    assertThat(outcome.path("received").asLong()).isEqualTo(received);
    assertThat(outcome.at("/refunds/0/status").asText()).isEqualTo("succeeded");

    assertThat(refundedAtTheGateway(orderId)).as("given back once, all of it").isEqualTo(received);
    assertThat(Db.count("SELECT count(*) FROM gateway_refund WHERE order_id = ?", orderId)).isOne();
    assertThat(status(orderId)).isEqualTo("REFUNDED");
    assertThat(Db.reserved(sku)).as("released once").isZero();
    assertThat(Db.onHand(sku)).isEqualTo(10);
    Db.chained(orderId);
    assertThat(
            Db.count(
                "SELECT count(*) FROM payment_log WHERE order_id = ? AND kind = 'STOCK_MOVED'"
                    + " AND status = 'RELEASED'",
                orderId))
        .isOne();
    assertThat(Db.count("SELECT count(*) FROM receipt WHERE order_id = ?", orderId)).isZero();
    assertThat(facts(orderId, "REFUND_REQUESTED")).isOne();
    assertThat(facts(orderId, "REFUNDED")).isOne();
    assertThat(facts(orderId, "REVIEW_REFUNDED")).isOne();
    assertThat(
            Db.text(
                "SELECT actor FROM payment_log WHERE order_id = ? AND kind = 'REVIEW_REFUNDED'",
                orderId))
        .isEqualTo("operator");
    assertThat(queued(orderId)).isNull();
    Outbox.settledFor(orderId);
    assertThat(MAILBOX.to(email)).as("never paid: no receipt").isEmpty();

    HttpResponse<String> accept =
        OPERATOR.postJson(
            "/api/review/orders/" + orderId + "/accept", "accept-" + UUID.randomUUID(), "");
    assertThat(accept.statusCode()).as(accept.body()).isEqualTo(409);
    assertThat(accept.body()).contains("order-not-in-review");
  }

  @Test
  @DisplayName(
      "a refund whose answer is lost: 503 refund-unanswered, the retry with its key finds the same"
          + " refund, given back once")
  void lostAnswer() {
    String sku = Db.newProduct(10, 5000, 10);
    JsonNode charge = inReview(sku, "review-lost-" + UUID.randomUUID() + "@example.jp", -500);
    long orderId = charge.path("order_id").asLong();
    long received = charge.path("amount").asLong() - 500;

    Sandbox.fault("komoju", orderId, "drop", 1, 0);
    String path = "/api/review/orders/" + orderId + "/refund";
    String key = "refund-" + UUID.randomUUID();
    HttpResponse<String> lost = OPERATOR.postJson(path, key, "");
    assertThat(lost.statusCode()).as(lost.body()).isEqualTo(503);
    assertThat(lost.body()).contains("refund-unanswered");
    assertThat(refundedAtTheGateway(orderId)).as("the gateway did refund").isEqualTo(received);

    Await.until(
        "the retry with its key answers the refund",
        () -> OPERATOR.postJson(path, key, "").statusCode() == 200);
    assertThat(refundedAtTheGateway(orderId)).isEqualTo(received);
    assertThat(Db.count("SELECT count(*) FROM gateway_refund WHERE order_id = ?", orderId)).isOne();
    assertThat(status(orderId)).isEqualTo("REFUNDED");
    assertThat(facts(orderId, "REVIEW_REFUNDED")).isOne();
  }

  @Test
  @DisplayName(
      "a Stripe dispute takes the money back when it opens: on the ledger as DISPUTED, and the"
          + " review queue refuses to refund it (the customer would be paid twice); lost, the order"
          + " ends refunded by the chargeback, with nothing sent to Stripe")
  void stripeDisputeLost() throws Exception {
    String sku = Db.newProduct(5, 1100, 10);
    long orderId = disputed("stripe", sku, "review-lost-" + UUID.randomUUID() + "@example.jp");
    JsonNode charge = Sandbox.charges(orderId).get(0);
    long paid = charge.path("amount").asLong();
    long attemptId = Db.count("SELECT max(id) FROM charge_attempt WHERE order_id = ?", orderId);
    assertThat(movement(attemptId, "DISPUTED")).as("the funds the bank withdrew").isEqualTo(paid);

    HttpResponse<String> refund =
        OPERATOR.postJson(
            "/api/review/orders/" + orderId + "/refund", "refund-" + UUID.randomUUID(), "");
    assertThat(refund.statusCode()).as(refund.body()).isEqualTo(409);
    assertThat(refund.body()).contains("review-nothing-received");

    JsonNode closed = Sandbox.disputeClosed("stripe", charge.path("id").asText(), false);
    assertThat(closed.path("webhook").path("status").asInt()).isEqualTo(200);
    assertThat(status(orderId)).isEqualTo("REFUNDED");
    assertThat(queued(orderId)).isNull();
    assertThat(refundedAtTheGateway(orderId)).as("nothing sent to Stripe").isZero();
    JsonNode payment =
        Shopper.json(SHOP_A.get("/api/orders/" + orderId).body()).path("payments").get(0);
    assertThat(payment.path("returned").asLong()).isEqualTo(paid);
    assertThat(MoneyTrail.ledgerProblems(orderId)).isEmpty();
  }

  @Test
  @DisplayName(
      "a Stripe dispute won: the funds come back (REINSTATED) and the order is paid again; the"
          + " closing events delivered again, and the opening one delivered late, change nothing")
  void stripeDisputeWon() throws Exception {
    String sku = Db.newProduct(5, 1200, 10);
    long orderId = disputed("stripe", sku, "review-won-" + UUID.randomUUID() + "@example.jp");
    JsonNode charge = Sandbox.charges(orderId).get(0);
    long paid = charge.path("amount").asLong();
    long attemptId = Db.count("SELECT max(id) FROM charge_attempt WHERE order_id = ?", orderId);
    String opened = null;
    for (JsonNode hook : Sandbox.get("/_sandbox/webhooks")) {
      if (hook.path("chargeId").asText().equals(charge.path("id").asText())
          && hook.path("type").asText().equals("charge.dispute.created")) {
        opened = hook.path("eventId").asText();
      }
    }
    assertThat(opened).as("the dispute's opening event").isNotNull();

    JsonNode closed = Sandbox.disputeClosed("stripe", charge.path("id").asText(), true);
    assertThat(closed.path("webhook").path("status").asInt()).isEqualTo(200);
    assertThat(status(orderId)).isEqualTo("PAID");
    assertThat(movement(attemptId, "DISPUTED")).isEqualTo(paid);
    assertThat(movement(attemptId, "REINSTATED")).isEqualTo(paid);

    Sandbox.redeliver(closed.path("webhook").path("eventId").asText());
    Sandbox.redeliver(opened);
    assertThat(status(orderId)).as("a late opening reopens nothing").isEqualTo("PAID");
    assertThat(movement(attemptId, "DISPUTED")).isEqualTo(paid);
    assertThat(queued(orderId)).isNull();
    assertThat(MoneyTrail.ledgerProblems(orderId)).isEmpty();
  }

  private static long movement(long attemptId, String movement) {
    return Db.count(
        "SELECT COALESCE(sum(amount), 0) FROM money_movement WHERE attempt_id = ? AND movement = ?",
        attemptId,
        movement);
  }

  @Test
  @DisplayName(
      "clients and auditors get 403 from the queue and its actions; bad input problem+json")
  void operatorsOnly() {
    for (Api caller : List.of(SHOP_A, AUDITOR)) {
      assertThat(caller.get("/api/review").statusCode()).isEqualTo(403);
      assertThat(
              caller
                  .postJson("/api/review/orders/1/accept", "accept-" + UUID.randomUUID(), "")
                  .statusCode())
          .isEqualTo(403);
      assertThat(
              caller
                  .postJson("/api/review/orders/1/refund", "refund-" + UUID.randomUUID(), "")
                  .statusCode())
          .isEqualTo(403);
    }
    assertThat(Api.anonymous().get("/api/review").statusCode()).isEqualTo(401);
    HttpResponse<String> tooMany = OPERATOR.get("/api/review?limit=100000");
    assertThat(tooMany.statusCode()).isEqualTo(400);
    assertThat(tooMany.headers().firstValue("Content-Type"))
        .hasValueSatisfying(t -> assertThat(t).startsWith("application/problem+json"));
    HttpResponse<String> unknown =
        OPERATOR.postJson("/api/review/orders/999999999/accept", "accept-" + UUID.randomUUID(), "");
    assertThat(unknown.statusCode()).as(unknown.body()).isEqualTo(404);
  }
}
