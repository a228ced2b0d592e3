package io.ichido.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * PayPay's transaction webhook: unsigned, only for a completed payment, and the pessimistic
 * deliveries a test can switch on (twice, late, never, before the create's answer).
 */
class SandboxPayPayWebhooksTest extends SandboxPayPaySupport {

  @Test
  @DisplayName("a payment completed at the page sends PayPay's unsigned transaction event")
  void completedSendsTheTransactionEvent() throws Exception {
    JsonNode code = created("ppw-1");

    press(code.get("url").asText(), "pay");

    Received hook = receiver.only();
    assertThat(hook.path()).isEqualTo("/api/webhooks/paypay");
    assertThat(hook.headers().keySet())
        .noneMatch(name -> name.toLowerCase().contains("signature"))
        .noneMatch(name -> name.toLowerCase().startsWith("x-komoju"));
    JsonNode event = JSON.readTree(hook.body());
    JsonNode details = awaitStatus("ppw-1", "COMPLETED");
    assertThat(event.get("notification_type").asText()).isEqualTo("Transaction");
    assertThat(event.get("merchant_id").asText()).isEqualTo("sandbox-merchant");
    assertThat(event.get("store_id").isNull()).isTrue();
    assertThat(event.get("pos_id").isNull()).isTrue();
    assertThat(event.get("order_id").asText()).isEqualTo(details.get("paymentId").asText());
    assertThat(event.get("merchant_order_id").asText()).isEqualTo("ppw-1");
    assertThat(event.get("authorized_at").isNull()).isTrue();
    assertThat(event.get("expires_at").isNull()).isTrue();
    assertThat(Instant.parse(event.get("paid_at").asText()).getEpochSecond())
        .isEqualTo(details.get("acceptedAt").asLong());
    assertThat(event.get("order_amount").isTextual()).isTrue();
    assertThat(event.get("order_amount").asText()).isEqualTo("5672");
    assertThat(event.get("state").asText()).isEqualTo("COMPLETED");
    assertThat(event).hasSize(11);
  }

  @Test
  @DisplayName("expiry, cancel, reversal and refunds send nothing, as PayPay documents")
  void onlyCompletionIsNotified() throws Exception {
    created("ppw-2");
    created("ppw-3");
    created("ppw-4");
    settle("paypay", "ppw-2", "expire");
    send(paypay("DELETE", "/v2/payments/ppw-3", null));
    settle("paypay", "ppw-4", "complete");
    String paymentId = awaitStatus("ppw-4", "COMPLETED").get("paymentId").asText();
    send(paypay("POST", "/v2/refunds", refund("r-4", paymentId, 100)));
    settle("paypay", "ppw-4", "refund?amount=100");
    send(paypay("DELETE", "/v2/payments/ppw-4", null));

    Thread.sleep(200);
    assertThat(receiver.received()).hasSize(1);
    assertThat(webhooks()).hasSize(1);
  }

  @Test
  @DisplayName("an undelivered event is tried 10 times, 500 ms apart, then never again")
  void retriedAsPayPayRetries() throws Exception {
    Integer[] failures = new Integer[Retries.PAYPAY.maxAttempts()];
    Arrays.fill(failures, 503);
    receiver.answer(failures);
    created("ppw-11");

    long start = System.nanoTime();
    settle("paypay", "ppw-11", "complete");
    List<Received> tries = receiver.await(10);
    long tookMillis = (System.nanoTime() - start) / 1_000_000;
    Thread.sleep(1_000);

    assertThat(tries).hasSize(10);
    assertThat(tookMillis).isGreaterThanOrEqualTo(9 * 500);
    assertThat(receiver.received()).hasSize(10);
    JsonNode delivery = webhooks().get(0);
    assertThat(delivery.get("attempts").asInt()).isEqualTo(10);
    assertThat(delivery.get("delivered").asBoolean()).isFalse();
  }

  @Test
  @DisplayName("delivery twice: the same event arrives twice")
  void deliveredTwice() throws Exception {
    webhookDelivery("twice", 0);
    created("ppw-5");

    settle("paypay", "ppw-5", "complete");

    assertThat(receiver.await(2)).hasSize(2);
    assertThat(receiver.received().get(1).body()).isEqualTo(receiver.received().get(0).body());
    assertThat(webhooks().get(0).get("attempts").asInt()).isEqualTo(2);
  }

  @Test
  @DisplayName("delivery late: the event arrives only after the delay")
  void deliveredLate() throws Exception {
    record Seen(JsonNode settled, List<Received> received) {}
    Seen seen =
        beforeTheLagEnds(
            lagBegins -> {
              webhookDelivery("late", LAG_MILLIS);
              created("ppw-6");
              lagBegins.run();
              JsonNode settled = settle("paypay", "ppw-6", "complete");
              return new Seen(settled, receiver.received());
            });
    JsonNode settled = seen.settled();

    assertThat(settled.at("/webhook/delivered").asBoolean()).isFalse();
    assertThat(seen.received()).isEmpty();
    awaitDelivered(settled.at("/webhook/eventId").asText());
    assertThat(receiver.received()).hasSize(1);
  }

  @Test
  @DisplayName("delivery never: the event is recorded, never sent, until redelivered by hand")
  void neverDelivered() throws Exception {
    webhookDelivery("never", 0);
    created("ppw-7");

    JsonNode settled = settle("paypay", "ppw-7", "complete");
    Thread.sleep(300);

    assertThat(receiver.received()).isEmpty();
    JsonNode recorded = webhooks().get(0);
    assertThat(recorded.get("attempts").asInt()).isZero();
    assertThat(recorded.get("delivered").asBoolean()).isFalse();
    String eventId = settled.at("/webhook/eventId").asText();
    HttpResponse<String> redelivered =
        send(post("/_sandbox/webhooks/" + eventId + "/redeliver", ""));
    assertThat(json(redelivered).get("delivered").asBoolean()).isTrue();
    assertThat(receiver.received()).hasSize(1);
  }

  @Test
  @DisplayName("pay_before_answer: the webhook has arrived when the create's answer does")
  void paidBeforeTheAnswer() throws Exception {
    fault("paypay", "ppw-8", "pay_before_answer", "");
    created("ppw-9"); // another id leaves the fault queued
    details("ppw-8"); // so does a request that creates nothing

    HttpResponse<String> answer = create("ppw-8");

    assertThat(receiver.received()).hasSize(1);
    assertThat(answer.statusCode()).isEqualTo(201);
    assertThat(JSON.readTree(receiver.received().get(0).body()).get("merchant_order_id").asText())
        .isEqualTo("ppw-8");
    assertThat(ledger("paypay", "ppw-8").get(0).get("status").asText()).isEqualTo("paid");
    assertThat(awaitStatus("ppw-8", "COMPLETED").get("paymentId").asText()).isNotBlank();
    assertThat(ledger("paypay", "ppw-9").get(0).get("status").asText()).isEqualTo("pending");
  }

  @Test
  @DisplayName("succeed-late pays an expired payment; reset forgets PayPay's payments and settings")
  void succeedLateAndReset() throws Exception {
    created("ppw-10");
    settle("paypay", "ppw-10", "expire");
    detailsLag(60_000);
    webhookDelivery("never", 0);

    settle("paypay", "ppw-10", "succeed-late");
    assertThat(status("ppw-10")).isEqualTo("CREATED");
    assertThat(ledger("paypay", null).get(0).get("status").asText()).isEqualTo("paid");
    send(post("/_sandbox/reset", ""));

    assertThat(ledger("paypay", null)).isEmpty();
    assertThat(code(details("ppw-10"))).isEqualTo("DYNAMIC_QR_PAYMENT_NOT_FOUND");
    created("ppw-10");
    settle("paypay", "ppw-10", "complete");
    assertThat(status("ppw-10")).isEqualTo("COMPLETED");
    assertThat(receiver.await(1)).hasSize(1);
  }
}
