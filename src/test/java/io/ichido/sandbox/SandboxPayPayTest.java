package io.ichido.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** PayPay's web payment as the sandbox speaks it: codes, details, cancels, refunds, auth. */
class SandboxPayPayTest extends SandboxPayPaySupport {

  @Test
  @DisplayName("a create answers 201 with the code's page; any repeat of its id is a duplicate")
  void createThenDuplicate() throws Exception {
    HttpResponse<String> first = create("pp-1");
    HttpResponse<String> same = create("pp-1");
    HttpResponse<String> other = send(paypay("POST", "/v2/codes", order("pp-1", 100)));

    assertThat(first.statusCode()).isEqualTo(201);
    JsonNode answer = json(first);
    assertThat(answer.at("/resultInfo/code").asText()).isEqualTo("SUCCESS");
    assertThat(answer.at("/resultInfo/codeId").asText()).isEqualTo("08100001");
    JsonNode data = answer.get("data");
    assertThat(data.get("merchantPaymentId").asText()).isEqualTo("pp-1");
    assertThat(data.at("/amount/amount").asLong()).isEqualTo(5672);
    assertThat(data.at("/amount/currency").asText()).isEqualTo("JPY");
    assertThat(data.get("codeType").asText()).isEqualTo("ORDER_QR");
    assertThat(data.get("url").asText()).startsWith(sandbox.baseUrl() + "/paypay/cashier/");
    assertThat(data.get("deeplink").asText()).startsWith("paypay://payment?link_key=");
    assertThat(data.get("expiryDate").asLong()).isGreaterThan(Instant.now().getEpochSecond());
    assertThat(data.get("redirectUrl").asText()).isEqualTo(REDIRECT);
    assertThat(data.get("redirectType").asText()).isEqualTo("WEB_LINK");
    for (HttpResponse<String> repeat : List.of(same, other)) {
      assertAnswer(repeat, 400, "DUPLICATE_DYNAMIC_QR_REQUEST");
      assertThat(json(repeat).at("/resultInfo/codeId").asText()).isEqualTo("01652073");
      assertThat(json(repeat).get("data").isNull()).isTrue();
    }
    JsonNode entry = ledger("paypay", null).get(0);
    assertThat(ledger("paypay", null)).hasSize(1);
    assertThat(entry.get("id").asText()).isEqualTo("pp-1");
    assertThat(entry.get("status").asText()).isEqualTo("pending");
  }

  @Test
  @DisplayName(
      "a repeat while the first create is still processed is a duplicate, its details unknown")
  void duplicateWhileInFlight() throws Exception {
    fault("paypay", "pp-2", "slow", UNTIL_RELEASED);
    CompletableFuture<HttpResponse<String>> first =
        sendHeld(paypay("POST", "/v2/codes", order("pp-2", 5672)));

    assertThat(code(create("pp-2"))).isEqualTo("DUPLICATE_DYNAMIC_QR_REQUEST");
    HttpResponse<String> unknown = details("pp-2");
    assertAnswer(unknown, 400, "DYNAMIC_QR_PAYMENT_NOT_FOUND");
    assertThat(json(unknown).at("/resultInfo/codeId").asText()).isEqualTo("01652075");
    releaseHeld();
    assertThat(first.get(PATIENCE.toSeconds(), TimeUnit.SECONDS).statusCode()).isEqualTo(201);
    assertThat(status("pp-2")).isEqualTo("CREATED");
  }

  @Test
  @DisplayName(
      "after the customer pays at the page, details say CREATED for the lag, then COMPLETED")
  void detailsLagBehindThePayment() throws Exception {
    record Seen(JsonNode code, HttpResponse<String> paid, JsonNode lagging) {}
    Seen seen =
        beforeTheLagEnds(
            lagBegins -> {
              detailsLag(LAG_MILLIS);
              JsonNode code = created("pp-3");
              JsonNode before = json(details("pp-3")).get("data");
              assertThat(before.get("status").asText()).isEqualTo("CREATED");
              assertThat(before.get("paymentId").isNull()).isTrue();

              assertThat(page(code).body()).contains("id=\"paypay-pay\"", "id=\"paypay-cancel\"");
              lagBegins.run();
              HttpResponse<String> paid = press(code.get("url").asText(), "pay");
              return new Seen(code, paid, json(details("pp-3")).get("data"));
            });
    JsonNode code = seen.code();

    assertThat(seen.paid().statusCode()).isEqualTo(303);
    assertThat(seen.paid().headers().firstValue("Location")).contains(REDIRECT);
    assertThat(ledger("paypay", null).get(0).get("status").asText()).isEqualTo("paid");
    JsonNode lagging = seen.lagging();
    assertThat(lagging.get("status").asText()).isEqualTo("CREATED");
    assertThat(lagging.get("paymentId").isNull()).isTrue();
    JsonNode completed = awaitStatus("pp-3", "COMPLETED");
    assertThat(completed.get("paymentId").asText()).isNotBlank();
    assertThat(completed.get("acceptedAt").asLong()).isPositive();
    assertThat(completed.at("/amount/amount").asLong()).isEqualTo(5672);
    assertThat(press(code.get("url").asText(), "pay").statusCode()).isEqualTo(409);
    assertThat(ledger("paypay", null)).hasSize(1);
  }

  @Test
  @DisplayName(
      "cancel before payment is only received: CREATED and payable; paid, it is reversed at once")
  void cancelWaiting() throws Exception {
    JsonNode code = created("pp-4");

    HttpResponse<String> cancelled = send(paypay("DELETE", "/v2/payments/pp-4", null));

    assertAnswer(cancelled, 202, "REQUEST_ACCEPTED");
    assertThat(json(cancelled).get("data").isNull()).isTrue();
    assertThat(status("pp-4")).isEqualTo("CREATED");
    assertThat(ledger("paypay", null).get(0).get("status").asText()).isEqualTo("pending");
    assertThat(send(paypay("DELETE", "/v2/payments/pp-4", null)).statusCode()).isEqualTo(202);
    assertThat(page(code).body()).contains("id=\"paypay-pay\"");
    assertThat(press(code.get("url").asText(), "pay").statusCode()).isEqualTo(303);
    JsonNode told = JSON.readTree(receiver.only().body());
    assertThat(told.get("state").asText()).isEqualTo("COMPLETED");
    JsonNode reversed = awaitStatus("pp-4", "FAILED");
    assertThat(reversed.get("acceptedAt").asLong()).isPositive();
    assertThat(told.get("order_id").asText()).isEqualTo(reversed.get("paymentId").asText());
    JsonNode entry = ledger("paypay", null).get(0);
    assertThat(entry.get("status").asText()).isEqualTo("refunded");
    assertThat(entry.get("amountRefunded").asLong()).isEqualTo(5672);
    assertThat(press(code.get("url").asText(), "pay").statusCode()).isEqualTo(409);
  }

  @Test
  @DisplayName("cancel: a paid payment is reversed, all of it given back, and sends no webhook")
  void cancelPaid() throws Exception {
    String paymentId = paid("pp-5");

    assertThat(send(paypay("DELETE", "/v2/payments/pp-5", null)).statusCode()).isEqualTo(202);

    assertThat(status("pp-5")).isEqualTo("FAILED");
    JsonNode entry = ledger("paypay", null).get(0);
    assertThat(entry.get("status").asText()).isEqualTo("refunded");
    assertThat(entry.get("amountRefunded").asLong()).isEqualTo(5672);
    HttpResponse<String> refund = send(paypay("POST", "/v2/refunds", refund("r-5", paymentId, 1)));
    assertThat(code(refund)).isEqualTo("UNACCEPTABLE_OP");
    Thread.sleep(100);
    assertThat(receiver.received()).hasSize(1); // the COMPLETED event only
  }

  @Test
  @DisplayName("cancel: a refunded payment is not reversible; an unknown one not found")
  void cancelRefused() throws Exception {
    paid("pp-6");
    settle("paypay", "pp-6", "refund");
    awaitStatus("pp-6", "REFUNDED");

    HttpResponse<String> refunded = send(paypay("DELETE", "/v2/payments/pp-6", null));
    HttpResponse<String> unknown = send(paypay("DELETE", "/v2/payments/pp-none", null));

    assertAnswer(refunded, 400, "ORDER_NOT_REVERSIBLE");
    assertThat(status("pp-6")).isEqualTo("REFUNDED");
    assertThat(code(unknown)).isEqualTo("DYNAMIC_QR_PAYMENT_NOT_FOUND");
  }

  @Test
  @DisplayName("expire: the code can no longer be paid, the payment still reads CREATED")
  void expiredCodeStaysCreated() throws Exception {
    JsonNode code = created("pp-14");

    settle("paypay", "pp-14", "expire");

    JsonNode data = json(details("pp-14")).get("data");
    assertThat(data.get("status").asText()).isEqualTo("CREATED");
    assertThat(data.has("acceptedAt")).isFalse();
    assertThat(page(code).statusCode()).isEqualTo(409);
    assertThat(page(code).body()).contains("paypay-error", "expired");
    assertThat(press(code.get("url").asText(), "pay").statusCode()).isEqualTo(409);
    assertThat(ledger("paypay", null).get(0).get("status").asText()).isEqualTo("expired");
    assertThat(settleStatus("paypay", "pp-14", "expire")).isEqualTo(409);
    assertThat(receiver.received()).isEmpty();
  }

  @Test
  @DisplayName("delete code: an unpaid code can no longer be paid; a paid one is refused")
  void deleteCode() throws Exception {
    JsonNode unpaid = created("pp-7");
    JsonNode paid = created("pp-8");
    settle("paypay", "pp-8", "complete");
    send(paypay("DELETE", "/v2/payments/pp-7", null));

    HttpResponse<String> deleted =
        send(paypay("DELETE", "/v2/codes/" + unpaid.get("codeId").asText(), null));
    HttpResponse<String> alreadyPaid =
        send(paypay("DELETE", "/v2/codes/" + paid.get("codeId").asText(), null));
    HttpResponse<String> unknown = send(paypay("DELETE", "/v2/codes/04-none", null));

    assertAnswer(deleted, 200, "SUCCESS");
    assertThat(json(deleted).get("data").isNull()).isTrue();
    assertThat(page(unpaid).statusCode()).isEqualTo(409);
    assertThat(page(unpaid).body()).contains("paypay-error", "deleted");
    assertThat(press(unpaid.get("url").asText(), "pay").statusCode()).isEqualTo(409);
    assertThat(settleStatus("paypay", "pp-7", "succeed-late")).isEqualTo(409);
    assertThat(status("pp-7")).isEqualTo("CREATED");
    assertThat(ledger("paypay", null).get(0).get("status").asText()).isEqualTo("cancelled");
    assertAnswer(alreadyPaid, 400, "DYNAMIC_QR_ALREADY_PAID");
    assertAnswer(unknown, 404, "DYNAMIC_QR_NOT_FOUND");
    assertThat(receiver.received()).hasSize(1); // pp-8's COMPLETED only
  }

  @Test
  @DisplayName("refunds: partial, several, a repeated id refunds once, never more than was paid")
  void refunds() throws Exception {
    String paymentId = paid("pp-9");

    HttpResponse<String> first =
        send(paypay("POST", "/v2/refunds", refund("r-9a", paymentId, 1000)));
    HttpResponse<String> again =
        send(paypay("POST", "/v2/refunds", refund("r-9a", paymentId, 1000)));
    HttpResponse<String> rest =
        send(paypay("POST", "/v2/refunds", refund("r-9b", paymentId, 4672)));
    HttpResponse<String> more = send(paypay("POST", "/v2/refunds", refund("r-9c", paymentId, 1)));
    HttpResponse<String> unknown = send(paypay("POST", "/v2/refunds", refund("r-9d", "0000", 1)));

    assertThat(first.statusCode()).isEqualTo(200);
    JsonNode made = json(first).get("data");
    assertThat(made.get("status").asText()).isEqualTo("CREATED");
    assertThat(made.get("merchantRefundId").asText()).isEqualTo("r-9a");
    assertThat(made.get("paymentId").asText()).isEqualTo(paymentId);
    assertThat(made.at("/amount/amount").asLong()).isEqualTo(1000);
    assertThat(made.get("reason").asText()).isEqualTo("returned");
    JsonNode replayed = json(again).get("data");
    assertThat(replayed.get("acceptedAt")).isEqualTo(made.get("acceptedAt"));
    assertThat(replayed.get("status").asText()).isEqualTo("REFUNDED");
    assertThat(rest.statusCode()).isEqualTo(200);
    assertAnswer(more, 400, "REFUND_LIMIT_EXCEEDED");
    assertAnswer(unknown, 404, "RESOURCE_NOT_FOUND");
    JsonNode entry = ledger("paypay", null).get(0);
    assertThat(entry.get("amountRefunded").asLong()).isEqualTo(5672);
    assertThat(entry.get("status").asText()).isEqualTo("refunded");
    JsonNode data = awaitStatus("pp-9", "REFUNDED");
    assertThat(data.at("/refunds/data")).hasSize(2);
    HttpResponse<String> found =
        send(paypay("GET", "/v2/refunds/r-9a?paymentId=" + paymentId, null));
    assertThat(json(found).at("/data/amount/amount").asLong()).isEqualTo(1000);
    HttpResponse<String> none =
        send(paypay("GET", "/v2/refunds/r-none?paymentId=" + paymentId, null));
    assertAnswer(none, 404, "NO_SUCH_REFUND_ORDER");
  }

  @Test
  @DisplayName("a refund reads CREATED for the details lag, then REFUNDED; unpaid ones are refused")
  void refundLagsAndNeedsAPaidPayment() throws Exception {
    record Seen(String path, String status) {}
    Seen seen =
        beforeTheLagEnds(
            lagBegins -> {
              String paymentId = paid("pp-10");
              detailsLag(LAG_MILLIS);
              lagBegins.run();
              send(paypay("POST", "/v2/refunds", refund("r-10", paymentId, 500)));
              String path = "/v2/refunds/r-10?paymentId=" + paymentId;
              return new Seen(
                  path, json(send(paypay("GET", path, null))).at("/data/status").asText());
            });
    String path = seen.path();

    assertThat(seen.status()).isEqualTo("CREATED");
    assertThat(
            afterTheLag(
                () -> json(send(paypay("GET", path, null))).at("/data/status").asText(),
                status -> !status.equals("CREATED")))
        .isEqualTo("REFUNDED");
    assertThat(status("pp-10")).isEqualTo("COMPLETED");
  }

  @Test
  @DisplayName("invalid orders are 400 INVALID_PARAMS and charge nothing")
  void invalidOrders() throws Exception {
    String good = order("pp-11", 5672);
    for (String body :
        new String[] {
          good.replace("\"JPY\"", "\"USD\""),
          good.replace("ORDER_QR", "STATIC_QR"),
          good.replace(":5672", ":0"),
          good.replace("pp-11", "pp 11"),
          good.replace("pp-11", "p".repeat(65)),
          "not json"
        }) {
      HttpResponse<String> answer = send(paypay("POST", "/v2/codes", body));
      assertThat(answer.statusCode()).as(body).isEqualTo(400);
      assertThat(code(answer)).isEqualTo("INVALID_PARAMS");
    }
    assertThat(ledger("paypay", null)).isEmpty();
  }

  @Test
  @DisplayName("wrong secret, stale epoch, tampered body, other key or unprefixed path: 401")
  void badAuthIsUnauthorized() throws Exception {
    String body = order("pp-12", 5672);
    long now = Instant.now().getEpochSecond();
    PayPaySigner wrongSecret = new PayPaySigner(SandboxConfig.PAYPAY_API_KEY, "not-the-secret");
    PayPaySigner otherKey = new PayPaySigner("other-key", SandboxConfig.PAYPAY_API_SECRET);
    PayPaySigner sandboxSigner = PayPaySigner.SANDBOX;
    String[] headers = {
      wrongSecret.authorization("POST", "/paypay/v2/codes", CONTENT_TYPE, body, "n1", now),
      sandboxSigner.authorization("POST", "/paypay/v2/codes", CONTENT_TYPE, body, "n2", now - 121),
      sandboxSigner.authorization(
          "POST", "/paypay/v2/codes", CONTENT_TYPE, body.replace("5672", "1"), "n3", now),
      otherKey.authorization("POST", "/paypay/v2/codes", CONTENT_TYPE, body, "n4", now),
      sandboxSigner.authorization("POST", "/v2/codes", CONTENT_TYPE, body, "n5", now),
      "Bearer sk_test_sandbox"
    };
    for (String header : headers) {
      HttpResponse<String> answer = send(signedRequest("POST", "/v2/codes", body, header));
      assertThat(answer.statusCode()).as(header).isEqualTo(401);
      assertThat(code(answer)).isEqualTo("UNAUTHORIZED");
      assertThat(json(answer).at("/resultInfo/codeId").asText()).isEqualTo("08100016");
    }
    assertThat(send(request("/paypay/v2/codes/payments/pp-12").GET()).statusCode()).isEqualTo(401);
    assertThat(ledger("paypay", null)).isEmpty();
  }

  @Test
  @DisplayName("injected failures answer in PayPay's envelope; alter_amount reaches data.amount")
  void injectedFailures() throws Exception {
    fault("paypay", "pp-13", "http503", "");
    fault("paypay", "pp-13", "http403", "");
    HttpResponse<String> maintenance = create("pp-13");
    HttpResponse<String> forbidden = create("pp-13");
    created("pp-13");
    fault("paypay", "pp-13", "alter_amount", "");

    HttpResponse<String> altered = details("pp-13");

    assertAnswer(maintenance, 503, "MAINTENANCE_MODE");
    assertAnswer(forbidden, 403, "OP_OUT_OF_SCOPE");
    assertThat(json(altered).at("/data/amount/amount").asLong()).isEqualTo(5673);
    assertThat(json(details("pp-13")).at("/data/amount/amount").asLong()).isEqualTo(5672);
  }
}
