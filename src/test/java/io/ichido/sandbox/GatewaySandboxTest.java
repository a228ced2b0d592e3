package io.ichido.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.auth0.jwt.JWT;
import com.auth0.jwt.algorithms.Algorithm;
import com.auth0.jwt.interfaces.DecodedJWT;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GatewaySandboxTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Algorithm MERCHANT_SECRET =
      Algorithm.HMAC256(GatewaySandbox.DEFAULT_2C2P_SECRET);

  private static GatewaySandbox sandbox;
  private static HttpClient http;

  @BeforeAll
  static void start() throws IOException {
    sandbox = GatewaySandbox.start(0);
    http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  }

  @AfterAll
  static void stop() {
    sandbox.close();
  }

  @BeforeEach
  void reset() throws Exception {
    assertThat(send(post("/_sandbox/reset", "")).statusCode()).isEqualTo(204);
  }

  @Nested
  class Stripe {

    @Test
    void cardChargeSucceedsAndLandsInTheLedger() throws Exception {
      HttpResponse<String> response = send(stripe("s-1", stripeCard("1", "pm_card_visa")));

      assertThat(response.statusCode()).isEqualTo(200);
      JsonNode intent = json(response);
      assertThat(intent.get("id").asText()).startsWith("pi_");
      assertThat(intent.get("status").asText()).isEqualTo("succeeded");
      assertThat(intent.get("latest_charge").asText()).startsWith("ch_");
      assertThat(intent.at("/metadata/order_id").asText()).isEqualTo("1");
      JsonNode entry = ledger("stripe", "1").get(0);
      assertThat(entry.get("id").asText()).isEqualTo(intent.get("id").asText());
      assertThat(entry.get("idempotencyKey").asText()).isEqualTo("s-1");
      assertThat(entry.get("amount").asLong()).isEqualTo(5672);
      assertThat(entry.get("currency").asText()).isEqualTo("JPY");
      assertThat(entry.get("method").asText()).isEqualTo("card");
      assertThat(entry.get("status").asText()).isEqualTo("paid");
    }

    @Test
    void sameKeyReplaysTheFirstAnswer() throws Exception {
      HttpResponse<String> first = send(stripe("s-2", stripeCard("2", "pm_card_visa")));
      HttpResponse<String> again = send(stripe("s-2", stripeCard("2", "pm_card_visa")));

      assertThat(again.body()).isEqualTo(first.body());
      assertThat(first.headers().firstValue("Idempotent-Replayed")).isEmpty();
      assertThat(again.headers().firstValue("Idempotent-Replayed")).hasValue("true");
      assertThat(ledger("stripe", "2")).hasSize(1);
    }

    @Test
    void sameKeyWithOtherParametersIsRefused() throws Exception {
      send(stripe("s-3", stripeCard("3", "pm_card_visa")));
      HttpResponse<String> other =
          send(stripe("s-3", stripeCard("3", "pm_card_visa").replace("5672", "9999")));

      assertThat(other.statusCode()).isEqualTo(400);
      assertThat(json(other).at("/error/type").asText()).isEqualTo("idempotency_error");
      assertThat(ledger("stripe", "3")).hasSize(1);
    }

    @Test
    @DisplayName("another key for the same order is another charge: the ledger must show both")
    void differentKeyCreatesAnotherCharge() throws Exception {
      send(stripe("s-4a", stripeCard("4", "pm_card_visa")));
      send(stripe("s-4b", stripeCard("4", "pm_card_visa")));

      assertThat(ledger("stripe", "4")).hasSize(2);
    }

    @Test
    void declinedCardAnswers402AndLeavesAFailedAttempt() throws Exception {
      HttpResponse<String> response =
          send(stripe("s-5", stripeCard("5", "pm_card_chargeDeclined")));

      assertThat(response.statusCode()).isEqualTo(402);
      JsonNode error = json(response).get("error");
      assertThat(error.get("type").asText()).isEqualTo("card_error");
      assertThat(error.get("code").asText()).isEqualTo("card_declined");
      assertThat(error.get("decline_code").asText()).isEqualTo("generic_decline");
      assertThat(error.at("/payment_intent/status").asText()).isEqualTo("requires_payment_method");
      assertThat(ledger("stripe", "5").get(0).get("status").asText()).isEqualTo("failed");
      assertThat(send(stripe("s-5", stripeCard("5", "pm_card_chargeDeclined"))).statusCode())
          .isEqualTo(402);
      assertThat(ledger("stripe", "5")).hasSize(1);
    }

    @Test
    void konbiniWaitsForTheCustomerUntilCompleted() throws Exception {
      String form =
          "amount=5672&currency=jpy&confirm=true&metadata%5Border_id%5D=6"
              + "&payment_method_types%5B0%5D=konbini&payment_method_data%5Btype%5D=konbini"
              + "&payment_method_data%5Bbilling_details%5D%5Bname%5D=Yamada"
              + "&payment_method_data%5Bbilling_details%5D%5Bemail%5D=y%40example.com";
      JsonNode intent = json(send(stripe("s-6", form)));

      assertThat(intent.get("status").asText()).isEqualTo("requires_action");
      assertThat(intent.at("/next_action/type").asText()).isEqualTo("konbini_display_details");
      assertThat(
              intent
                  .at("/next_action/konbini_display_details/stores/lawson/confirmation_number")
                  .asText())
          .isNotBlank();
      assertThat(ledger("stripe", "6").get(0).get("status").asText()).isEqualTo("pending");

      String id = intent.get("id").asText();
      assertThat(send(post("/_sandbox/payments/stripe/" + id + "/complete", "")).statusCode())
          .isEqualTo(200);
      assertThat(json(send(stripeGet(id))).get("status").asText()).isEqualTo("succeeded");
      assertThat(ledger("stripe", "6").get(0).get("status").asText()).isEqualTo("paid");
      assertThat(send(post("/_sandbox/payments/stripe/" + id + "/expire", "")).statusCode())
          .isEqualTo(409);
    }

    @Test
    void bankTransferCanExpire() throws Exception {
      String form =
          "amount=5672&currency=jpy&confirm=true&metadata%5Border_id%5D=7&customer=cus_1"
              + "&payment_method_types%5B0%5D=customer_balance"
              + "&payment_method_data%5Btype%5D=customer_balance"
              + "&payment_method_options%5Bcustomer_balance%5D%5Bfunding_type%5D=bank_transfer"
              + "&payment_method_options%5Bcustomer_balance%5D%5Bbank_transfer%5D%5Btype%5D=jp_bank_transfer";
      JsonNode intent = json(send(stripe("s-7", form)));

      assertThat(intent.at("/next_action/type").asText())
          .isEqualTo("display_bank_transfer_instructions");
      assertThat(
              intent
                  .at(
                      "/next_action/display_bank_transfer_instructions/financial_addresses/0/zengin/account_type")
                  .asText())
          .isEqualTo("futsu");
      assertThat(ledger("stripe", "7").get(0).get("method").asText()).isEqualTo("bank_transfer");
      send(post("/_sandbox/payments/stripe/" + intent.get("id").asText() + "/expire", ""));
      assertThat(ledger("stripe", "7").get(0).get("status").asText()).isEqualTo("expired");
    }

    @Test
    void refusesMissingOrForeignKeysAndMissingAmount() throws Exception {
      HttpResponse<String> noKey =
          send(request("/stripe/v1/payment_intents").POST(form(stripeCard("8", "pm_card_visa"))));
      HttpResponse<String> liveKey =
          send(
              request("/stripe/v1/payment_intents")
                  .header("Authorization", "Bearer sk_live_1")
                  .POST(form(stripeCard("8", "pm_card_visa"))));
      HttpResponse<String> noAmount =
          send(stripe("s-8", "currency=jpy&confirm=true&payment_method=pm_card_visa"));

      assertThat(noKey.statusCode()).isEqualTo(401);
      assertThat(json(noKey).at("/error/type").asText()).isEqualTo("invalid_request_error");
      assertThat(liveKey.statusCode()).isEqualTo(401);
      assertThat(noAmount.statusCode()).isEqualTo(400);
      assertThat(json(noAmount).at("/error/param").asText()).isEqualTo("amount");
      assertThat(ledger("stripe", null)).isEmpty();
    }
  }

  @Nested
  class Omise {

    @Test
    void chargeSucceedsAndReplaysUnderItsKey() throws Exception {
      HttpResponse<String> first = send(omise("o-1", omiseCard("11", "tokn_test_visa")));
      HttpResponse<String> again = send(omise("o-1", omiseCard("11", "tokn_test_visa")));
      send(omise("o-1b", omiseCard("11", "tokn_test_visa")));

      JsonNode charge = json(first);
      assertThat(charge.get("id").asText()).startsWith("chrg_test_");
      assertThat(charge.get("status").asText()).isEqualTo("successful");
      assertThat(charge.get("paid").asBoolean()).isTrue();
      assertThat(again.body()).isEqualTo(first.body());
      assertThat(ledger("omise", "11")).hasSize(2);
    }

    @Test
    @DisplayName("a declined card is a 200 with status failed, not an HTTP error")
    void declineIsAnOrdinaryAnswer() throws Exception {
      HttpResponse<String> response = send(omise("o-2", omiseCard("12", "tokn_test_declined")));

      assertThat(response.statusCode()).isEqualTo(200);
      assertThat(json(response).get("status").asText()).isEqualTo("failed");
      assertThat(json(response).get("failure_code").asText()).isEqualTo("insufficient_fund");
      assertThat(ledger("omise", "12").get(0).get("status").asText()).isEqualTo("failed");
    }

    @Test
    void threeDSecureCompletesAtTheAuthorizeUri() throws Exception {
      String form =
          omiseCard("13", "tokn_test_3ds") + "&return_uri=https%3A%2F%2Fshop.example%2Fback%2F13";
      JsonNode charge = json(send(omise("o-3", form)));
      String id = charge.get("id").asText();

      assertThat(charge.get("status").asText()).isEqualTo("pending");
      assertThat(charge.get("authorize_uri").asText())
          .isEqualTo(sandbox.baseUrl() + "/omise/authorize/" + id);
      assertThat(ledger("omise", "13").get(0).get("status").asText()).isEqualTo("pending");

      HttpResponse<String> page =
          send(HttpRequest.newBuilder(URI.create(charge.get("authorize_uri").asText())).GET());
      assertThat(page.statusCode()).isEqualTo(302);
      assertThat(page.headers().firstValue("Location")).hasValue("https://shop.example/back/13");
      JsonNode after =
          json(
              send(
                  request("/omise/charges/" + id)
                      .header("Authorization", basic("skey_test_1"))
                      .GET()));
      assertThat(after.get("status").asText()).isEqualTo("successful");
      assertThat(after.get("paid").asBoolean()).isTrue();
      assertThat(ledger("omise", "13").get(0).get("status").asText()).isEqualTo("paid");
    }

    @Test
    void refusesWrongKeysAndMissingCurrency() throws Exception {
      HttpResponse<String> wrongKey =
          send(
              request("/omise/charges")
                  .header("Authorization", basic("pkey_test_1"))
                  .POST(form(omiseCard("14", "tokn_test_visa"))));
      HttpResponse<String> noCurrency = send(omise("o-4", "amount=5672&card=tokn_test_visa"));

      assertThat(wrongKey.statusCode()).isEqualTo(401);
      assertThat(json(wrongKey).get("object").asText()).isEqualTo("error");
      assertThat(json(wrongKey).get("code").asText()).isEqualTo("authentication_failure");
      assertThat(noCurrency.statusCode()).isEqualTo(400);
      assertThat(ledger("omise", null)).isEmpty();
    }
  }

  @Nested
  class Komoju {

    @Test
    void cardIsCapturedAndReplayedUnderItsKey() throws Exception {
      HttpResponse<String> first = send(komoju("k-1", komojuBody("21", "\"tok_visa\"")));
      HttpResponse<String> again = send(komoju("k-1", komojuBody("21", "\"tok_visa\"")));
      send(komoju("k-1b", komojuBody("21", "\"tok_visa\"")));

      assertThat(json(first).get("status").asText()).isEqualTo("captured");
      assertThat(json(first).get("external_order_num").asText()).isEqualTo("ORDER-21");
      assertThat(again.body()).isEqualTo(first.body());
      List<JsonNode> entries = ledger("komoju", "21");
      assertThat(entries).hasSize(2);
      assertThat(entries.get(0).get("reference").asText()).isEqualTo("21");
    }

    @Test
    void declinedTokenIs400AndAFailedAttempt() throws Exception {
      HttpResponse<String> response = send(komoju("k-2", komojuBody("22", "\"tok_declined\"")));

      assertThat(response.statusCode()).isEqualTo(400);
      assertThat(json(response).at("/error/code").asText()).isEqualTo("card_declined");
      assertThat(ledger("komoju", "22").get(0).get("status").asText()).isEqualTo("failed");
    }

    @Test
    void konbiniIsAuthorizedUntilPaid() throws Exception {
      String details =
          "{\"type\":\"konbini\",\"store\":\"lawson\",\"email\":\"y@example.com\",\"phone\":\"0312345678\"}";
      JsonNode payment = json(send(komoju("k-3", komojuBody("23", details))));

      assertThat(payment.get("status").asText()).isEqualTo("authorized");
      assertThat(payment.at("/payment_details/receipt").asText()).isNotBlank();
      assertThat(payment.at("/payment_details/confirmation_code").asText()).isNotBlank();
      assertThat(payment.at("/payment_details/instructions_url").asText())
          .startsWith(sandbox.baseUrl());
      assertThat(payment.get("payment_deadline").asText()).endsWith("T14:59:59Z");

      String id = payment.get("id").asText();
      JsonNode entry = json(send(post("/_sandbox/payments/komoju/" + id + "/complete", "")));
      assertThat(entry.get("status").asText()).isEqualTo("paid");
      assertThat(json(send(komojuGet(id))).get("status").asText()).isEqualTo("captured");
    }

    @Test
    void bankTransferIsAuthorizedAndPayPayPendingUntilExpired() throws Exception {
      String bank =
          "{\"type\":\"bank_transfer\",\"email\":\"y@example.com\",\"phone\":\"0312345678\",\"family_name\":\"山田\",\"given_name\":\"太郎\",\"family_name_kana\":\"ヤマダ\",\"given_name_kana\":\"タロウ\"}";
      JsonNode transfer = json(send(komoju("k-4", komojuBody("24", bank))));
      JsonNode paypay = json(send(komoju("k-5", komojuBody("25", "{\"type\":\"paypay\"}"))));

      assertThat(transfer.get("status").asText()).isEqualTo("authorized");
      assertThat(transfer.at("/payment_details/account_number").asText()).isNotBlank();
      assertThat(paypay.get("status").asText()).isEqualTo("pending");
      assertThat(paypay.at("/payment_details/redirect_url").asText()).isNotBlank();

      String id = paypay.get("id").asText();
      send(post("/_sandbox/payments/komoju/" + id + "/expire", ""));
      assertThat(json(send(komojuGet(id))).get("status").asText()).isEqualTo("expired");
      assertThat(ledger("komoju", "25").get(0).get("status").asText()).isEqualTo("expired");
      assertThat(ledger("komoju", "24").get(0).get("status").asText()).isEqualTo("pending");
    }

    @Test
    void refusesWrongKeysAndMissingAmount() throws Exception {
      HttpResponse<String> wrongKey =
          send(
              request("/komoju/api/v1/payments")
                  .header("Authorization", basic("pk_test_1"))
                  .POST(BodyPublishers.ofString(komojuBody("26", "\"tok_visa\""))));
      HttpResponse<String> noAmount =
          send(komoju("k-6", "{\"currency\":\"JPY\",\"payment_details\":\"tok_visa\"}"));

      assertThat(wrongKey.statusCode()).isEqualTo(401);
      assertThat(json(wrongKey).at("/error/code").asText()).isNotBlank();
      assertThat(noAmount.statusCode()).isEqualTo(400);
      assertThat(json(noAmount).at("/error/param").asText()).isEqualTo("amount");
      assertThat(ledger("komoju", null)).isEmpty();
    }
  }

  @Nested
  class TwoC2p {

    @Test
    void tokenPaymentInquiryWithSignedJwts() throws Exception {
      String token = paymentToken("ORDER-31", MERCHANT_SECRET);
      assertThat(paymentToken("ORDER-31", MERCHANT_SECRET)).isEqualTo(token);

      HttpResponse<String> paid = send(doPayment(token, "4111-card-token"));
      JsonNode answer = json(paid);
      assertThat(answer.get("respCode").asText()).isEqualTo("2000");
      assertThat(answer.get("invoiceNo").asText()).isEqualTo("ORDER-31");
      assertThat(send(doPayment(token, "4111-card-token")).body()).isEqualTo(paid.body());

      DecodedJWT inquiry = inquiry("ORDER-31");
      assertThat(inquiry.getClaim("respCode").asString()).isEqualTo("0000");
      assertThat(inquiry.getClaim("amount").asDouble()).isEqualTo(5672.00);
      assertThat(
              new String(
                  Base64.getUrlDecoder().decode(inquiry.getPayload()), StandardCharsets.UTF_8))
          .contains("\"amount\":5672.00");
      assertThat(inquiry.getClaim("tranRef").asString()).isNotBlank();
      List<JsonNode> entries = ledger("2c2p", "31");
      assertThat(entries).hasSize(1);
      assertThat(entries.get(0).get("idempotencyKey").asText()).isEqualTo("ORDER-31");
      assertThat(entries.get(0).get("amount").asLong()).isEqualTo(5672);
      assertThat(entries.get(0).get("status").asText()).isEqualTo("paid");
    }

    @Test
    void declineShowsInTheInquiry() throws Exception {
      send(doPayment(paymentToken("ORDER-32", MERCHANT_SECRET), "decline"));

      assertThat(inquiry("ORDER-32").getClaim("respCode").asString()).isEqualTo("4200");
      assertThat(ledger("2c2p", "32").get(0).get("status").asText()).isEqualTo("failed");
    }

    @Test
    void unpaidOrUnknownInvoicesArePending() throws Exception {
      paymentToken("ORDER-33", MERCHANT_SECRET);

      assertThat(inquiry("ORDER-33").getClaim("respCode").asString()).isEqualTo("2001");
      assertThat(inquiry("ORDER-nope").getClaim("respCode").asString()).isEqualTo("2001");
      assertThat(ledger("2c2p", null)).isEmpty();
    }

    @Test
    void refusesTokensSignedWithAnotherSecretAndMissingFields() throws Exception {
      HttpResponse<String> forged =
          send(
              twoC2p(
                  "/paymentToken",
                  tokenClaims("ORDER-34"),
                  Algorithm.HMAC256("not-the-merchant-secret")));
      Map<String, Object> noAmount = tokenClaims("ORDER-34");
      noAmount.remove("amount");
      HttpResponse<String> incomplete = send(twoC2p("/paymentToken", noAmount, MERCHANT_SECRET));

      assertThat(json(forged).get("respCode").asText()).isEqualTo("9042");
      assertThat(json(incomplete).get("respCode").asText()).isEqualTo("9005");
      assertThat(send(doPayment("no-such-token", "card")).body()).contains("9004");
    }
  }

  @Nested
  class Faults {

    @ParameterizedTest
    @ValueSource(strings = {"stripe", "omise", "komoju", "2c2p"})
    void resetClosesTheConnectionBeforeAnyCharge(String gateway) throws Exception {
      HttpRequest charge = cardCharge(gateway, "f-reset-" + gateway, "41");
      fault(gateway, matchFor(gateway, "f-reset-" + gateway, "41"), "reset", "");

      assertThatThrownBy(() -> http.send(charge, BodyHandlers.ofString()))
          .isInstanceOf(IOException.class);
      assertThat(ledger(gateway, "41")).isEmpty();
      assertThat(http.send(charge, BodyHandlers.ofString()).statusCode()).isEqualTo(200);
      assertThat(ledger(gateway, "41")).hasSize(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"stripe", "omise", "komoju", "2c2p"})
    @DisplayName("drop charges, loses the answer, and the retry with the same key charges nothing")
    void dropChargesButNeverAnswers(String gateway) throws Exception {
      HttpRequest charge = cardCharge(gateway, "f-drop-" + gateway, "42");
      fault(gateway, matchFor(gateway, "f-drop-" + gateway, "42"), "drop", "");

      assertThatThrownBy(() -> http.send(charge, BodyHandlers.ofString()))
          .isInstanceOf(IOException.class);
      assertThat(ledger(gateway, "42")).hasSize(1);
      HttpResponse<String> retry = http.send(charge, BodyHandlers.ofString());
      assertThat(retry.statusCode()).isEqualTo(200);
      assertThat(ledger(gateway, "42")).hasSize(1);
      if (gateway.equals("stripe")) {
        assertThat(retry.headers().firstValue("Idempotent-Replayed")).hasValue("true");
      }
    }

    @Test
    void httpErrorsComeInTheGatewaysOwnShape() throws Exception {
      fault("stripe", "f-429", "http429", "");
      fault("stripe", "f-500", "http500", "");
      fault("omise", "f-503", "http503", "");

      HttpResponse<String> limited = send(stripe("f-429", stripeCard("43", "pm_card_visa")));
      HttpResponse<String> broken = send(stripe("f-500", stripeCard("43", "pm_card_visa")));
      HttpResponse<String> unavailable = send(omise("f-503", omiseCard("43", "tokn_test_visa")));

      assertThat(limited.statusCode()).isEqualTo(429);
      assertThat(limited.headers().firstValue("Retry-After")).hasValue("1");
      assertThat(json(limited).at("/error/type").asText()).isEqualTo("rate_limit_error");
      assertThat(broken.statusCode()).isEqualTo(500);
      assertThat(json(broken).at("/error/type").asText()).isEqualTo("api_error");
      assertThat(unavailable.statusCode()).isEqualTo(503);
      assertThat(json(unavailable).get("object").asText()).isEqualTo("error");
      assertThat(ledger(null, "43")).isEmpty();
    }

    @Test
    void timeoutHoldsTheRequestThenClosesItUncharged() throws Exception {
      fault("komoju", "f-timeout", "timeout", ",\"delayMillis\":300");
      long start = System.nanoTime();

      assertThatThrownBy(() -> send(komoju("f-timeout", komojuBody("44", "\"tok_visa\""))))
          .isInstanceOf(IOException.class);
      assertThat(Duration.ofNanos(System.nanoTime() - start))
          .isGreaterThanOrEqualTo(Duration.ofMillis(300));
      assertThat(ledger("komoju", "44")).isEmpty();
    }

    @Test
    void delayChargesAndAnswersLate() throws Exception {
      fault("stripe", "f-delay", "delay", ",\"delayMillis\":200");
      long start = System.nanoTime();

      HttpResponse<String> response = send(stripe("f-delay", stripeCard("45", "pm_card_visa")));
      assertThat(response.statusCode()).isEqualTo(200);
      assertThat(Duration.ofNanos(System.nanoTime() - start))
          .isGreaterThanOrEqualTo(Duration.ofMillis(200));
      assertThat(ledger("stripe", "45")).hasSize(1);
    }

    @Test
    void faultsHitOnlyTheirKeyAndOnlyTheirTimes() throws Exception {
      fault("stripe", "f-mine", "http500", ",\"times\":2");

      assertThat(send(stripe("f-other", stripeCard("46", "pm_card_visa"))).statusCode())
          .isEqualTo(200);
      assertThat(send(stripe("f-mine", stripeCard("46", "pm_card_visa"))).statusCode())
          .isEqualTo(500);
      assertThat(send(stripe("f-mine", stripeCard("46", "pm_card_visa"))).statusCode())
          .isEqualTo(500);
      assertThat(send(stripe("f-mine", stripeCard("46", "pm_card_visa"))).statusCode())
          .isEqualTo(200);
      assertThat(json(send(request("/_sandbox/faults").GET()))).isEmpty();
    }

    @Test
    void chaosMisbehavesReproduciblyUntilStopped() throws Exception {
      String chaos = "{\"probability\":0.5,\"seed\":42,\"modes\":[\"http503\"]}";
      List<Integer> firstRun = new ArrayList<>();
      List<Integer> secondRun = new ArrayList<>();
      send(post("/_sandbox/chaos", chaos));
      for (int i = 0; i < 12; i++) {
        firstRun.add(send(komoju(null, komojuBody("47", "\"tok_visa\""))).statusCode());
      }
      JsonNode stats = json(send(request("/_sandbox/stats").GET()));
      send(post("/_sandbox/chaos", chaos));
      for (int i = 0; i < 12; i++) {
        secondRun.add(send(komoju(null, komojuBody("47", "\"tok_visa\""))).statusCode());
      }
      send(request("/_sandbox/chaos").DELETE());

      assertThat(firstRun).contains(200, 503).containsOnly(200, 503).isEqualTo(secondRun);
      assertThat(stats.get("requests").asLong()).isEqualTo(12);
      assertThat(stats.at("/faults/http503").asLong())
          .isEqualTo(firstRun.stream().filter(s -> s == 503).count());
      assertThat(send(komoju(null, komojuBody("47", "\"tok_visa\""))).statusCode()).isEqualTo(200);
    }

    @Test
    void unknownModesAreRefused() throws Exception {
      assertThat(
              send(post("/_sandbox/faults", "{\"gateway\":\"stripe\",\"mode\":\"explode\"}"))
                  .statusCode())
          .isEqualTo(400);
      assertThat(
              send(post("/_sandbox/faults", "{\"gateway\":\"paypal\",\"mode\":\"reset\"}"))
                  .statusCode())
          .isEqualTo(400);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"stripe", "omise", "komoju", "2c2p"})
  @DisplayName("20 concurrent requests with one key make one charge")
  void concurrentDuplicatesChargeOnce(String gateway) throws Exception {
    HttpRequest charge = cardCharge(gateway, "c-" + gateway, "51");
    CountDownLatch go = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(20);
    try {
      List<Future<HttpResponse<String>>> answers = new ArrayList<>();
      for (int i = 0; i < 20; i++) {
        Callable<HttpResponse<String>> call =
            () -> {
              go.await();
              return http.send(charge, BodyHandlers.ofString());
            };
        answers.add(pool.submit(call));
      }
      go.countDown();
      Set<String> bodies = new HashSet<>();
      for (Future<HttpResponse<String>> answer : answers) {
        HttpResponse<String> response = answer.get();
        assertThat(response.statusCode()).isEqualTo(200);
        bodies.add(response.body());
      }
      assertThat(bodies).hasSize(1);
      assertThat(ledger(gateway, "51")).hasSize(1);
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void ledgerFiltersAndResetEmptiesIt() throws Exception {
    send(stripe("l-1", stripeCard("61", "pm_card_visa")));
    send(stripe("l-2", stripeCard("62", "pm_card_visa")));
    send(omise("l-3", omiseCard("61", "tokn_test_visa")));

    assertThat(ledger(null, null)).hasSize(3);
    assertThat(ledger("stripe", null)).hasSize(2);
    assertThat(ledger(null, "61")).hasSize(2);
    send(post("/_sandbox/reset", ""));
    assertThat(ledger(null, null)).isEmpty();
    assertThat(json(send(stripe("l-1", stripeCard("61", "pm_card_visa")))).get("status").asText())
        .isEqualTo("succeeded");
    assertThat(ledger(null, null)).hasSize(1);
  }

  // --- requests, as the payment adapters would send them

  private static HttpRequest cardCharge(String gateway, String key, String order) throws Exception {
    return switch (gateway) {
      case "stripe" -> stripe(key, stripeCard(order, "pm_card_visa"));
      case "omise" -> omise(key, omiseCard(order, "tokn_test_visa"));
      case "komoju" -> komoju(key, komojuBody(order, "\"tok_visa\""));
      default -> doPayment(paymentToken("ORDER-" + order, MERCHANT_SECRET), "4111-card-token");
    };
  }

  private static String matchFor(String gateway, String key, String order) {
    return gateway.equals("2c2p") ? "ORDER-" + order : key;
  }

  private static String stripeCard(String order, String paymentMethod) {
    return "amount=5672&currency=jpy&confirm=true&metadata%5Border_id%5D="
        + order
        + "&payment_method="
        + paymentMethod
        + "&payment_method_types%5B0%5D=card";
  }

  private static HttpRequest stripe(String key, String form) {
    return request("/stripe/v1/payment_intents")
        .header("Authorization", "Bearer sk_test_sandbox")
        .header("Idempotency-Key", key)
        .header("Content-Type", "application/x-www-form-urlencoded")
        .POST(form(form))
        .build();
  }

  private static HttpRequest stripeGet(String id) {
    return request("/stripe/v1/payment_intents/" + id)
        .header("Authorization", "Bearer sk_test_sandbox")
        .GET()
        .build();
  }

  private static String omiseCard(String order, String token) {
    return "amount=5672&currency=JPY&card="
        + token
        + "&description=Order&metadata%5Border_id%5D="
        + order;
  }

  private static HttpRequest omise(String key, String form) {
    return request("/omise/charges")
        .header("Authorization", basic("skey_test_sandbox"))
        .header("Omise-Version", "2019-05-29")
        .header("Idempotency-Key", key)
        .POST(form(form))
        .build();
  }

  private static String komojuBody(String order, String paymentDetails) {
    return "{\"amount\":5672,\"currency\":\"JPY\",\"external_order_num\":\"ORDER-"
        + order
        + "\",\"payment_details\":"
        + paymentDetails
        + "}";
  }

  private static HttpRequest komoju(String key, String body) {
    HttpRequest.Builder builder =
        request("/komoju/api/v1/payments")
            .header("Authorization", basic("sk_test_sandbox"))
            .header("Content-Type", "application/json");
    if (key != null) {
      builder.header("X-KOMOJU-IDEMPOTENCY", key);
    }
    return builder.POST(BodyPublishers.ofString(body)).build();
  }

  private static HttpRequest komojuGet(String id) {
    return request("/komoju/api/v1/payments/" + id)
        .header("Authorization", basic("sk_test_sandbox"))
        .GET()
        .build();
  }

  private static Map<String, Object> tokenClaims(String invoiceNo) {
    Map<String, Object> claims = new LinkedHashMap<>();
    claims.put("merchantID", "JT01");
    claims.put("invoiceNo", invoiceNo);
    claims.put("description", "Order");
    claims.put("amount", 5672.00);
    claims.put("currencyCode", "JPY");
    claims.put("paymentChannel", List.of("CC"));
    claims.put("idempotencyID", "client-key-" + invoiceNo);
    return claims;
  }

  private static HttpRequest twoC2p(String api, Map<String, Object> claims, Algorithm secret) {
    String payload = "{\"payload\":\"" + JWT.create().withPayload(claims).sign(secret) + "\"}";
    return request("/2c2p/payment/4.3" + api)
        .header("Content-Type", "application/json")
        .POST(BodyPublishers.ofString(payload))
        .build();
  }

  private static String paymentToken(String invoiceNo, Algorithm secret) throws Exception {
    DecodedJWT answer = verified(send(twoC2p("/paymentToken", tokenClaims(invoiceNo), secret)));
    assertThat(answer.getClaim("respCode").asString()).isEqualTo("0000");
    return answer.getClaim("paymentToken").asString();
  }

  private static HttpRequest doPayment(String paymentToken, String card) {
    String body =
        "{\"paymentToken\":\""
            + paymentToken
            + "\",\"payment\":{\"code\":{\"channelCode\":\"CC\"},\"data\":{\"securePayToken\":\""
            + card
            + "\"}}}";
    return request("/2c2p/payment/4.3/payment")
        .header("Content-Type", "application/json")
        .POST(BodyPublishers.ofString(body))
        .build();
  }

  private static DecodedJWT inquiry(String invoiceNo) throws Exception {
    Map<String, Object> claims =
        Map.of("merchantID", "JT01", "invoiceNo", invoiceNo, "locale", "en");
    return verified(send(twoC2p("/paymentInquiry", claims, MERCHANT_SECRET)));
  }

  /** The answer's JWT, which must be signed with the merchant secret. */
  private static DecodedJWT verified(HttpResponse<String> response) throws Exception {
    return JWT.require(MERCHANT_SECRET).build().verify(json(response).get("payload").asText());
  }

  // --- the control API and plumbing

  private static void fault(String gateway, String match, String mode, String more)
      throws Exception {
    String body =
        "{\"gateway\":\""
            + gateway
            + "\",\"match\":\""
            + match
            + "\",\"mode\":\""
            + mode
            + "\""
            + more
            + "}";
    assertThat(send(post("/_sandbox/faults", body)).statusCode()).isEqualTo(201);
  }

  private static List<JsonNode> ledger(String gateway, String reference) throws Exception {
    StringBuilder query = new StringBuilder("?");
    if (gateway != null) {
      query
          .append("gateway=")
          .append(URLEncoder.encode(gateway, StandardCharsets.UTF_8))
          .append('&');
    }
    if (reference != null) {
      query.append("reference=").append(URLEncoder.encode(reference, StandardCharsets.UTF_8));
    }
    List<JsonNode> entries = new ArrayList<>();
    json(send(request("/_sandbox/ledger" + query).GET())).forEach(entries::add);
    return entries;
  }

  private static HttpRequest post(String path, String json) {
    return request(path)
        .header("Content-Type", "application/json")
        .POST(BodyPublishers.ofString(json))
        .build();
  }

  private static HttpRequest.Builder request(String path) {
    return HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + path))
        .timeout(Duration.ofSeconds(10));
  }

  private static HttpRequest.BodyPublisher form(String form) {
    return BodyPublishers.ofString(form);
  }

  private static String basic(String user) {
    return "Basic "
        + Base64.getEncoder().encodeToString((user + ":").getBytes(StandardCharsets.UTF_8));
  }

  private static HttpResponse<String> send(HttpRequest request) throws Exception {
    return http.send(request, BodyHandlers.ofString());
  }

  private static HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
    return send(request.build());
  }

  private static JsonNode json(HttpResponse<String> response) throws Exception {
    return JSON.readTree(response.body());
  }
}
