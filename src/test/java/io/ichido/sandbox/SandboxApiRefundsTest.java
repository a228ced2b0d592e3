package io.ichido.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.stripe.exception.InvalidRequestException;
import com.stripe.model.Refund;
import com.stripe.net.RequestOptions;
import com.stripe.param.RefundCreateParams;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Refunds through each gateway's own API under an idempotency key: counted once in the ledger,
 * bounded by what is left, with the gateway's refund webhooks, and the faults applying to them.
 */
class SandboxApiRefundsTest extends SandboxTestSupport {

  @Test
  @DisplayName("Stripe: stripe-java's refunds().create, replayed under its key, never twice")
  void stripeJavaRefundsOncePerKey() throws Exception {
    String intent = paidStripe("a-1", "401");
    RefundCreateParams params =
        RefundCreateParams.builder()
            .setPaymentIntent(intent)
            .setAmount(1000L)
            .putMetadata("order_id", "401")
            .setReason(RefundCreateParams.Reason.REQUESTED_BY_CUSTOMER)
            .build();
    RequestOptions key = RequestOptions.builder().setIdempotencyKey("rf-401").build();

    Refund first = stripeJava().v1().refunds().create(params, key);
    Refund again = stripeJava().v1().refunds().create(params, key);

    assertThat(first.getId()).startsWith("re_");
    assertThat(first.getObject()).isEqualTo("refund");
    assertThat(first.getAmount()).isEqualTo(1000);
    assertThat(first.getCurrency()).isEqualTo("jpy");
    assertThat(first.getPaymentIntent()).isEqualTo(intent);
    assertThat(first.getCharge())
        .isEqualTo(json(send(stripeGet(intent))).get("latest_charge").asText());
    assertThat(first.getStatus()).isEqualTo("succeeded");
    assertThat(first.getReason()).isEqualTo("requested_by_customer");
    assertThat(first.getMetadata()).containsEntry("order_id", "401");
    assertThat(again.getId()).isEqualTo(first.getId());
    assertThat(ledger("stripe", "401").get(0).get("amountRefunded").asLong()).isEqualTo(1000);
    assertThat(ledger("stripe", "401").get(0).get("status").asText())
        .isEqualTo("partially_refunded");
    assertThat(webhooks())
        .extracting(hook -> hook.get("type").asText())
        .containsExactly("charge.refunded");
  }

  @Test
  void stripeReplaysSayTheyAreReplaysAndAnotherBodyIsAnIdempotencyError() throws Exception {
    String intent = paidStripe("a-2", "402");

    HttpResponse<String> first = send(stripeRefund("rf-402", "payment_intent=" + intent));
    HttpResponse<String> replay = send(stripeRefund("rf-402", "payment_intent=" + intent));
    HttpResponse<String> other =
        send(stripeRefund("rf-402", "payment_intent=" + intent + "&amount=1"));

    assertThat(first.statusCode()).isEqualTo(200);
    assertThat(json(first).get("amount").asLong()).isEqualTo(5672);
    assertThat(first.headers().firstValue("Idempotent-Replayed")).isEmpty();
    assertThat(replay.statusCode()).isEqualTo(200);
    assertThat(replay.headers().firstValue("Idempotent-Replayed")).hasValue("true");
    assertThat(replay.body()).isEqualTo(first.body());
    assertThat(other.statusCode()).isEqualTo(400);
    assertThat(json(other).at("/error/type").asText()).isEqualTo("idempotency_error");
    assertThat(ledger("stripe", "402").get(0).get("amountRefunded").asLong()).isEqualTo(5672);
  }

  @Test
  @DisplayName(
      "Stripe: more than is left is amount_too_large, a refunded charge charge_already_refunded")
  void stripeRefusesMoreThanIsLeft() throws Exception {
    String intent = paidStripe("a-3", "403");
    String declined =
        json(send(stripe("a-3d", stripeCard("403", "pm_card_chargeDeclined"))))
            .at("/error/payment_intent/id")
            .asText();

    HttpResponse<String> tooMuch =
        send(stripeRefund("rf-403a", "payment_intent=" + intent + "&amount=5673"));
    send(stripeRefund("rf-403b", "payment_intent=" + intent));
    HttpResponse<String> already = send(stripeRefund("rf-403c", "payment_intent=" + intent));
    HttpResponse<String> unpaid = send(stripeRefund("rf-403d", "payment_intent=" + declined));
    HttpResponse<String> unknown = send(stripeRefund("rf-403e", "payment_intent=pi_nope"));
    HttpResponse<String> zero =
        send(stripeRefund("rf-403f", "payment_intent=" + intent + "&amount=0"));

    assertThat(tooMuch.statusCode()).isEqualTo(400);
    assertThat(json(tooMuch).at("/error/type").asText()).isEqualTo("invalid_request_error");
    assertThat(json(tooMuch).at("/error/code").asText()).isEqualTo("amount_too_large");
    assertThat(json(tooMuch).at("/error/message").asText())
        .isEqualTo("Refund amount (¥5,673) is greater than unrefunded amount on charge (¥5,672)");
    assertThat(already.statusCode()).isEqualTo(400);
    assertThat(json(already).at("/error/code").asText()).isEqualTo("charge_already_refunded");
    assertThat(unpaid.statusCode()).isEqualTo(400);
    assertThat(unknown.statusCode()).isEqualTo(404);
    assertThat(json(unknown).at("/error/code").asText()).isEqualTo("resource_missing");
    assertThat(zero.statusCode()).isEqualTo(400);
    assertThatThrownBy(
            () ->
                stripeJava()
                    .v1()
                    .refunds()
                    .create(RefundCreateParams.builder().setPaymentIntent(intent).build()))
        .isInstanceOf(InvalidRequestException.class)
        .extracting(e -> ((InvalidRequestException) e).getCode())
        .isEqualTo("charge_already_refunded");
    assertThat(ledger("stripe", "403").get(0).get("amountRefunded").asLong()).isEqualTo(5672);
  }

  @Test
  @DisplayName("A refund whose answer is lost (drop) is replayed to the retry, not made again")
  void droppedRefundAnswersAreReplayed() throws Exception {
    String intent = paidStripe("a-4", "404");
    String komoju =
        json(send(komoju("a-4k", komojuBody("404", "\"tok_visa\"")))).get("id").asText();
    fault("stripe", "rf-404", "drop", "");
    fault("komoju", "rk-404", "drop", "");
    fault("stripe", "rf-404-500", "http500", "");

    assertThat(sendOrNull(stripeRefund("rf-404", "payment_intent=" + intent + "&amount=100")))
        .isNull();
    assertThat(sendOrNull(komojuRefund("rk-404", komoju, "{\"amount\":100}"))).isNull();
    HttpResponse<String> failed =
        send(stripeRefund("rf-404-500", "payment_intent=" + intent + "&amount=100"));
    HttpResponse<String> stripeRetry =
        send(stripeRefund("rf-404", "payment_intent=" + intent + "&amount=100"));
    HttpResponse<String> komojuRetry = send(komojuRefund("rk-404", komoju, "{\"amount\":100}"));

    assertThat(failed.statusCode()).isEqualTo(500);
    assertThat(stripeRetry.statusCode()).isEqualTo(200);
    assertThat(stripeRetry.headers().firstValue("Idempotent-Replayed")).hasValue("true");
    assertThat(komojuRetry.statusCode()).isEqualTo(200);
    assertThat(json(komojuRetry).get("amount_refunded").asLong()).isEqualTo(100);
    assertThat(ledger("stripe", "404").get(0).get("amountRefunded").asLong()).isEqualTo(100);
    assertThat(ledger("komoju", "404").get(0).get("amountRefunded").asLong()).isEqualTo(100);
  }

  @Test
  void aRefundKeyInFlightIs409() throws Exception {
    String intent = paidStripe("a-5", "405");
    fault("stripe", "rf-405", "slow", UNTIL_RELEASED);
    HttpRequest refund = stripeRefund("rf-405", "payment_intent=" + intent);

    CompletableFuture<HttpResponse<String>> first = sendHeld(refund);
    HttpResponse<String> twin = send(refund);

    assertThat(twin.statusCode()).isEqualTo(409);
    releaseHeld();
    assertThat(first.get(PATIENCE.toSeconds(), TimeUnit.SECONDS).statusCode()).isEqualTo(200);
    assertThat(ledger("stripe", "405").get(0).get("amountRefunded").asLong()).isEqualTo(5672);
  }

  @Test
  @DisplayName("Omise: without the option every request refunds, up to what is left")
  void omiseRefundsEveryRequest() throws Exception {
    String id = json(send(omise("a-6", omiseCard("406", "tokn_test_visa")))).get("id").asText();

    HttpResponse<String> first =
        send(omiseRefund("ro-406", id, "amount=3000&metadata%5Bwhy%5D=dup"));
    HttpResponse<String> second =
        send(omiseRefund("ro-406", id, "amount=3000&metadata%5Bwhy%5D=dup"));
    HttpResponse<String> rest = send(omiseRefund("ro-406", id, "amount=2672"));
    HttpResponse<String> missing = send(omiseRefund("ro-406", id, ""));

    assertThat(first.statusCode()).isEqualTo(200);
    JsonNode refund = json(first);
    assertThat(refund.get("object").asText()).isEqualTo("refund");
    assertThat(refund.get("id").asText()).startsWith("rfnd_test_");
    assertThat(refund.get("amount").asLong()).isEqualTo(3000);
    assertThat(refund.get("charge").asText()).isEqualTo(id);
    assertThat(refund.at("/metadata/why").asText()).isEqualTo("dup");
    assertThat(second.statusCode()).isEqualTo(400);
    assertThat(json(second).get("object").asText()).isEqualTo("error");
    assertThat(json(second).get("code").asText()).isEqualTo("invalid_amount");
    assertThat(rest.statusCode()).isEqualTo(200);
    assertThat(missing.statusCode()).isEqualTo(400);
    JsonNode charge = json(send(omiseGet(id)));
    assertThat(charge.get("refunded_amount").asLong()).isEqualTo(5672);
    assertThat(charge.at("/refunds/total").asInt()).isEqualTo(2);
    assertThat(ledger("omise", "406").get(0).get("status").asText()).isEqualTo("refunded");
    assertThat(receiver.await(4))
        .extracting(hook -> JSON.readTree(hook.body()).get("key").asText())
        .containsExactly("refund.create", "charge.update", "refund.create", "charge.update");
  }

  @Test
  void omiseHonoursTheKeyForRefundsUnderTheOption() throws Exception {
    try (GatewaySandbox honouring = omiseHonouringKeys()) {
      String id =
          json(send(on(honouring, omise("a-7", omiseCard("407", "tokn_test_visa")))))
              .get("id")
              .asText();

      HttpResponse<String> first = send(on(honouring, omiseRefund("ro-407", id, "amount=1000")));
      HttpResponse<String> again = send(on(honouring, omiseRefund("ro-407", id, "amount=1000")));

      assertThat(again.body()).isEqualTo(first.body());
      assertThat(json(send(on(honouring, omiseGet(id)))).get("refunded_amount").asLong())
          .isEqualTo(1000);
    }
  }

  @Test
  @DisplayName(
      "Omise: GET /charges/{id}/refunds lists each refund with its own metadata, the dashboard's"
          + " with none, paged and in either order")
  void omiseListsAChargesRefunds() throws Exception {
    String id = json(send(omise("a-9", omiseCard("409", "tokn_test_visa")))).get("id").asText();
    String ours =
        json(send(omiseRefund("ro-409", id, "amount=1000&metadata%5Brefund_key%5D=k-409")))
            .get("id")
            .asText();
    settle("omise", id, "refund?amount=500");

    JsonNode list = json(send(omiseRefunds(id, "")));
    JsonNode newestFirst = json(send(omiseRefunds(id, "?order=reverse_chronological&limit=1")));
    JsonNode second = json(send(omiseRefunds(id, "?offset=1&limit=1")));

    assertThat(list.get("object").asText()).isEqualTo("list");
    assertThat(list.get("total").asInt()).isEqualTo(2);
    assertThat(list.get("limit").asInt()).isEqualTo(20);
    assertThat(list.get("order").asText()).isEqualTo("chronological");
    assertThat(list.get("location").asText()).isEqualTo("/charges/" + id + "/refunds");
    assertThat(list.at("/data/0/id").asText()).isEqualTo(ours);
    assertThat(list.at("/data/0/metadata/refund_key").asText()).isEqualTo("k-409");
    assertThat(list.at("/data/1/amount").asLong()).isEqualTo(500);
    assertThat(list.at("/data/1/metadata").isEmpty()).isTrue();
    assertThat(newestFirst.get("data")).hasSize(1);
    assertThat(newestFirst.at("/data/0/amount").asLong()).isEqualTo(500);
    assertThat(second.at("/data/0/amount").asLong()).isEqualTo(500);
    assertThat(send(omiseRefunds("chrg_test_nosuchcharge00000", "")).statusCode()).isEqualTo(404);
    assertThat(send(omiseRefunds(id, "?limit=101")).statusCode()).isEqualTo(400);
    assertThat(send(omiseRefunds(id, "?order=newest")).statusCode()).isEqualTo(400);
  }

  @Test
  @DisplayName("KOMOJU: the payment with its refunds; payment.refunded once nothing is left")
  void komojuRefundsAnswerThePayment() throws Exception {
    String id = json(send(komoju("a-8", komojuBody("408", "\"tok_visa\"")))).get("id").asText();

    HttpResponse<String> part =
        send(komojuRefund("rk-408a", id, "{\"amount\":2000,\"description\":\"late attempt\"}"));
    HttpResponse<String> tooMuch = send(komojuRefund("rk-408b", id, "{\"amount\":3673}"));
    HttpResponse<String> rest = send(komojuRefund("rk-408c", id, "{}"));

    assertThat(part.statusCode()).isEqualTo(200);
    JsonNode payment = json(part);
    assertThat(payment.get("resource").asText()).isEqualTo("payment");
    assertThat(payment.get("status").asText()).isEqualTo("captured");
    assertThat(payment.get("amount_refunded").asLong()).isEqualTo(2000);
    assertThat(payment.at("/refunds/0/amount").asLong()).isEqualTo(2000);
    assertThat(payment.at("/refunds/0/description").asText()).isEqualTo("late attempt");
    assertThat(tooMuch.statusCode()).isEqualTo(422);
    assertThat(json(tooMuch).at("/error/code").asText()).isEqualTo("unprocessable_entity");
    assertThat(json(rest).get("status").asText()).isEqualTo("refunded");
    assertThat(json(rest).get("amount_refunded").asLong()).isEqualTo(5672);
    assertThat(receiver.await(3))
        .extracting(hook -> hook.header("X-Komoju-Event"))
        .containsExactly("payment.refund.created", "payment.refund.created", "payment.refunded");
  }

  private String paidStripe(String key, String order) throws Exception {
    return json(send(stripe(key, stripeCard(order, "pm_card_visa")))).get("id").asText();
  }

  private HttpRequest stripeRefund(String key, String form) {
    return request("/stripe/v1/refunds")
        .header("Authorization", "Bearer sk_test_sandbox")
        .header("Idempotency-Key", key)
        .header("Content-Type", "application/x-www-form-urlencoded")
        .POST(form(form))
        .build();
  }

  private HttpRequest omiseRefund(String key, String charge, String form) {
    return request("/omise/charges/" + charge + "/refunds")
        .header("Authorization", basic("skey_test_sandbox"))
        .header("Idempotency-Key", key)
        .POST(form(form))
        .build();
  }

  private HttpRequest omiseRefunds(String charge, String query) {
    return request("/omise/charges/" + charge + "/refunds" + query)
        .header("Authorization", basic("skey_test_sandbox"))
        .header("Omise-Version", "2019-05-29")
        .GET()
        .build();
  }

  private HttpRequest komojuRefund(String key, String payment, String body) {
    return request("/komoju/api/v1/payments/" + payment + "/refund")
        .header("Authorization", basic("sk_test_sandbox"))
        .header("Content-Type", "application/json")
        .header("X-KOMOJU-IDEMPOTENCY", key)
        .POST(BodyPublishers.ofString(body))
        .build();
  }

  /** The answer, or null when the sandbox hung up without one. */
  private HttpResponse<String> sendOrNull(HttpRequest request) throws Exception {
    try {
      return send(request);
    } catch (java.io.IOException hungUp) {
      return null;
    }
  }
}
