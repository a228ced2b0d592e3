package io.ichido.sandbox;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.auth0.jwt.JWT;
import com.auth0.jwt.algorithms.Algorithm;
import com.auth0.jwt.interfaces.DecodedJWT;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class GatewaySandboxTest extends SandboxTestSupport {

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
    @DisplayName(
        "Idempotency-Key is not honoured (nothing official says it is): each request charges")
    void chargesEveryRequestEvenUnderOneKey() throws Exception {
      HttpResponse<String> first = send(omise("o-1", omiseCard("11", "tokn_test_visa")));
      HttpResponse<String> again = send(omise("o-1", omiseCard("11", "tokn_test_visa")));

      JsonNode charge = json(first);
      assertThat(charge.get("id").asText()).startsWith("chrg_test_");
      assertThat(charge.get("status").asText()).isEqualTo("successful");
      assertThat(charge.get("paid").asBoolean()).isTrue();
      assertThat(json(again).get("id").asText()).isNotEqualTo(charge.get("id").asText());
      assertThat(ledger("omise", "11")).hasSize(2);
    }

    @Test
    @DisplayName("with the switch on, the same key replays the first charge")
    void honoursTheKeyWhenSwitchedOn() throws Exception {
      System.setProperty("ichido.sandbox.omise-honours-idempotency-key", "true");
      try (GatewaySandbox honouring = GatewaySandbox.start(0)) {
        HttpResponse<String> first =
            send(on(honouring, omise("o-1c", omiseCard("15", "tokn_test_visa"))));
        HttpResponse<String> again =
            send(on(honouring, omise("o-1c", omiseCard("15", "tokn_test_visa"))));
        assertThat(again.body()).isEqualTo(first.body());
      } finally {
        System.clearProperty("ichido.sandbox.omise-honours-idempotency-key");
      }
    }

    @Test
    @DisplayName("the Search API finds charges by their description or metadata, paged")
    void searchFindsChargesByReference() throws Exception {
      send(omise("o-s1", omiseCard("16", "tokn_test_visa")));
      send(omise("o-s2", omiseCard("16", "tokn_test_declined")));
      send(omise("o-s3", omiseCard("160", "tokn_test_visa")));

      JsonNode page = json(send(omiseSearch("scope=charge&query=16&per_page=1")));
      assertThat(page.get("object").asText()).isEqualTo("search");
      assertThat(page.get("total").asInt()).isEqualTo(3);
      assertThat(page.get("total_pages").asInt()).isEqualTo(3);
      assertThat(page.get("data")).hasSize(1);
      assertThat(page.at("/data/0/metadata/order_id").asText()).as("newest first").isEqualTo("160");
      assertThat(send(omiseSearch("scope=refund")).statusCode()).isEqualTo(400);
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
    void idempotencyKeysOver100CharactersAreRefused() throws Exception {
      HttpResponse<String> tooLong =
          send(komoju("k".repeat(101), komojuBody("225", "\"tok_visa\"")));
      HttpResponse<String> longest =
          send(komoju("k".repeat(100), komojuBody("225", "\"tok_visa\"")));

      assertThat(tooLong.statusCode()).isEqualTo(400);
      assertThat(longest.statusCode()).isEqualTo(200);
      assertThat(ledger("komoju", "225")).hasSize(1);
    }

    @ParameterizedTest
    @CsvSource({
      "tok_declined, card_declined, 221",
      "tok_insufficient_funds, insufficient_funds, 222",
      "tok_fraudulent, fraudulent, 223",
      "tok_request_failed, request_failed, 224"
    })
    void decliningTokensAre402AndAFailedAttempt(String token, String code, String order)
        throws Exception {
      HttpResponse<String> response =
          send(komoju("k-2-" + order, komojuBody(order, "\"" + token + "\"")));

      assertThat(response.statusCode()).isEqualTo(402);
      assertThat(json(response).at("/error/code").asText()).isEqualTo(code);
      assertThat(ledger("komoju", order).get(0).get("status").asText()).isEqualTo("failed");
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
      HttpResponse<String> again =
          send(twoC2p("/paymentToken", tokenClaims("ORDER-31"), MERCHANT_SECRET));
      assertThat(json(again).get("respCode").asText()).as("existing invoice").isEqualTo("9015");

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

      assertThat(inquiry("ORDER-32").getClaim("respCode").asString()).isEqualTo("4005");
      assertThat(ledger("2c2p", "32").get(0).get("status").asText()).isEqualTo("failed");
    }

    @Test
    void threeDSecureIsPendingUntilThePagePostsBackOnce() throws Exception {
      String token = paymentToken("ORDER-35", MERCHANT_SECRET);
      JsonNode redirect = json(send(doPayment(token, "3ds")));
      assertThat(redirect.get("respCode").asText()).isEqualTo("1001");
      String page = redirect.get("data").asText();
      assertThat(page).endsWith("/2c2p-3ds/" + token);
      assertThat(json(send(doPayment(token, "3ds"))).get("data").asText()).isEqualTo(page);
      assertThat(inquiry("ORDER-35").getClaim("respCode").asString()).isEqualTo("0001");
      assertThat(ledger("2c2p", "35")).isEmpty();

      HttpResponse<String> shown = send(HttpRequest.newBuilder(URI.create(page)).GET().build());
      assertThat(shown.body())
          .contains("id=\"leave\"")
          .contains("action=\"https://shop.example/back\"");
      assertThat(inquiry("ORDER-35").getClaim("respCode").asString()).isEqualTo("0001");

      HttpRequest post =
          HttpRequest.newBuilder(URI.create(page))
              .POST(HttpRequest.BodyPublishers.noBody())
              .build();
      String posted = send(post).body();
      assertThat(posted).contains("id=\"back\"").contains("https://shop.example/back");
      java.util.regex.Matcher value =
          java.util.regex.Pattern.compile("name=\"paymentResponse\" value=\"([^\"]+)\"")
              .matcher(posted);
      assertThat(value.find()).isTrue();
      JsonNode response = Json.parse(Base64.getUrlDecoder().decode(value.group(1)));
      assertThat(response.get("invoiceNo").asText()).isEqualTo("ORDER-35");
      assertThat(response.get("respCode").asText()).isEqualTo("2000");
      send(post);

      assertThat(inquiry("ORDER-35").getClaim("respCode").asString()).isEqualTo("0000");
      assertThat(ledger("2c2p", "35")).hasSize(1);
      assertThat(json(send(doPayment(token, "3ds"))).get("respCode").asText()).isEqualTo("2000");
    }

    @Test
    void threeDSecureDeclinedAfterAuthentication() throws Exception {
      String token = paymentToken("ORDER-36", MERCHANT_SECRET);
      String page = json(send(doPayment(token, "3ds_decline"))).get("data").asText();
      send(
          HttpRequest.newBuilder(URI.create(page))
              .POST(HttpRequest.BodyPublishers.noBody())
              .build());

      assertThat(inquiry("ORDER-36").getClaim("respCode").asString()).isEqualTo("4005");
      assertThat(ledger("2c2p", "36").get(0).get("status").asText()).isEqualTo("failed");
      assertThat(
              send(HttpRequest.newBuilder(URI.create(page.replace("/2c2p-3ds/", "/2c2p-3ds/x")))
                      .GET()
                      .build())
                  .statusCode())
          .isEqualTo(404);
    }

    @Test
    void unpaidOrUnknownInvoicesAreNotFound() throws Exception {
      paymentToken("ORDER-33", MERCHANT_SECRET);

      assertThat(inquiry("ORDER-33").getClaim("respCode").asString()).isEqualTo("2002");
      assertThat(inquiry("ORDER-nope").getClaim("respCode").asString()).isEqualTo("2002");
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
    @DisplayName(
        "drop charges, loses the answer, and the retry with the same key charges nothing (but at"
            + " Omise, which promises nothing)")
    void dropChargesButNeverAnswers(String gateway) throws Exception {
      HttpRequest charge = cardCharge(gateway, "f-drop-" + gateway, "42");
      fault(gateway, matchFor(gateway, "f-drop-" + gateway, "42"), "drop", "");

      assertThatThrownBy(() -> http.send(charge, BodyHandlers.ofString()))
          .isInstanceOf(IOException.class);
      assertThat(ledger(gateway, "42")).hasSize(1);
      HttpResponse<String> retry = http.send(charge, BodyHandlers.ofString());
      assertThat(retry.statusCode()).isEqualTo(200);
      assertThat(ledger(gateway, "42")).hasSize(gateway.equals("omise") ? 2 : 1);
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

    @ParameterizedTest
    @ValueSource(strings = {"stripe", "komoju"})
    @DisplayName(
        "slow: while the first request works under its key, a retry gets 409, then the replay")
    void slowKeepsTheKeyInFlight(String gateway) throws Exception {
      String key = "f-slow-" + gateway;
      HttpRequest charge =
          gateway.equals("stripe")
              ? stripe(key, stripeCard("48", "pm_card_visa"))
              : komoju(key, komojuBody("48", "\"tok_visa\""));
      fault(gateway, key, "slow", ",\"delayMillis\":1500");
      CompletableFuture<HttpResponse<String>> first =
          CompletableFuture.supplyAsync(
              () -> {
                try {
                  return send(charge);
                } catch (Exception e) {
                  throw new IllegalStateException(e);
                }
              });
      Thread.sleep(500);

      HttpResponse<String> twin = send(charge);
      assertThat(twin.statusCode()).isEqualTo(409);
      assertThat(first.get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
      HttpResponse<String> replay = send(charge);
      assertThat(replay.statusCode()).isEqualTo(200);
      assertThat(replay.body()).isEqualTo(first.get().body());
      assertThat(ledger(gateway, "48")).hasSize(1);
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

  @Nested
  class Webhooks {

    @Test
    void stripeKonbiniPaidSendsASignedSucceededEvent() throws Exception {
      String id = json(send(stripe("w-1", stripeKonbini("71")))).get("id").asText();

      JsonNode answer = settle("stripe", id, "complete");

      assertThat(answer.get("status").asText()).isEqualTo("paid");
      assertThat(answer.get("reference").asText()).isEqualTo("71");
      assertThat(answer.at("/webhook/delivered").asBoolean()).isTrue();
      assertThat(answer.at("/webhook/status").asInt()).isEqualTo(200);
      Received hook = receiver.only();
      assertThat(hook.path()).isEqualTo("/api/webhooks/stripe");
      assertThat(hook.header("Content-Type")).isEqualTo("application/json");
      assertStripeSignature(hook);
      JsonNode event = JSON.readTree(hook.body());
      assertThat(event.get("id").asText()).isEqualTo(answer.at("/webhook/eventId").asText());
      assertThat(event.get("id").asText()).startsWith("evt_");
      assertThat(event.get("object").asText()).isEqualTo("event");
      assertThat(event.get("type").asText()).isEqualTo("payment_intent.succeeded");
      assertThat(event.get("livemode").asBoolean()).isFalse();
      JsonNode intent = event.at("/data/object");
      assertThat(intent.get("id").asText()).isEqualTo(id);
      assertThat(intent.get("status").asText()).isEqualTo("succeeded");
      assertThat(intent.get("amount").asLong()).isEqualTo(5672);
      assertThat(intent.get("amount_received").asLong()).isEqualTo(5672);
      assertThat(intent.get("currency").asText()).isEqualTo("jpy");
      assertThat(intent.at("/metadata/order_id").asText()).isEqualTo("71");

      // What Ichido does with it: stripe-java verifies and reads the PaymentIntent.
      com.stripe.model.Event parsed =
          com.stripe.net.Webhook.constructEvent(
              hook.body(), hook.header("Stripe-Signature"), WebhookSecrets.STRIPE);
      com.stripe.model.PaymentIntent read =
          (com.stripe.model.PaymentIntent) parsed.getDataObjectDeserializer().getObject().get();
      assertThat(read.getAmountReceived()).isEqualTo(5672);
      assertThat(read.getMetadata()).containsEntry("order_id", "71");
    }

    @Test
    void stripeKonbiniLapsedSendsPaymentFailed() throws Exception {
      String id = json(send(stripe("w-2", stripeKonbini("72")))).get("id").asText();

      settle("stripe", id, "expire");

      Received hook = receiver.only();
      assertStripeSignature(hook);
      JsonNode event = JSON.readTree(hook.body());
      assertThat(event.get("type").asText()).isEqualTo("payment_intent.payment_failed");
      assertThat(event.at("/data/object/status").asText()).isEqualTo("requires_payment_method");
      assertThat(event.at("/data/object/last_payment_error/code").asText())
          .isEqualTo("payment_intent_payment_attempt_expired");
      assertThat(event.at("/data/object/amount_received").asLong()).isZero();
      assertThat(json(send(stripeGet(id))).at("/last_payment_error/type").asText())
          .isEqualTo("invalid_request_error");
    }

    @Test
    void omiseThreeDSecureSendsChargeCompleteAndChargeExpire() throws Exception {
      String completed = omise3ds("w-3", "73");
      String lapsed = omise3ds("w-4", "74");

      settle("omise", completed, "complete");
      settle("omise", lapsed, "expire");

      List<Received> hooks = receiver.await(2);
      JsonNode complete = JSON.readTree(hooks.get(0).body());
      JsonNode expire = JSON.readTree(hooks.get(1).body());
      for (Received hook : hooks) {
        assertThat(hook.path()).isEqualTo("/api/webhooks/omise");
        String timestamp = hook.header("Omise-Signature-Timestamp");
        assertThat(hook.header("Omise-Signature"))
            .isEqualTo(
                hmacHex(
                    Base64.getDecoder().decode(WebhookSecrets.OMISE),
                    timestamp + "." + hook.body()));
        assertThat(Long.parseLong(timestamp))
            .isCloseTo(System.currentTimeMillis() / 1000, org.assertj.core.data.Offset.offset(5L));
      }
      assertThat(complete.get("object").asText()).isEqualTo("event");
      assertThat(complete.get("id").asText()).startsWith("evnt_test_");
      assertThat(complete.get("location").asText())
          .isEqualTo("/events/" + complete.get("id").asText());
      assertThat(complete.get("key").asText()).isEqualTo("charge.complete");
      assertThat(complete.at("/data/id").asText()).isEqualTo(completed);
      assertThat(complete.at("/data/status").asText()).isEqualTo("successful");
      assertThat(complete.at("/data/amount").asLong()).isEqualTo(5672);
      assertThat(complete.at("/data/metadata/order_id").asText()).isEqualTo("73");
      assertThat(expire.get("key").asText()).isEqualTo("charge.expire");
      assertThat(expire.at("/data/status").asText()).isEqualTo("expired");
    }

    @Test
    void omiseAuthorizePageSendsTheWebhookToo() throws Exception {
      String id = omise3ds("w-5", "75");

      send(HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + "/omise/authorize/" + id)).GET());

      JsonNode event = JSON.readTree(receiver.only().body());
      assertThat(event.get("key").asText()).isEqualTo("charge.complete");
      assertThat(event.at("/data/id").asText()).isEqualTo(id);
    }

    @Test
    void komojuSendsCapturedAndExpiredSignedWithTheToken() throws Exception {
      String konbini = json(send(komoju("w-6", komojuBody("76", KONBINI)))).get("id").asText();
      String paypay =
          json(send(komoju("w-7", komojuBody("77", "{\"type\":\"paypay\"}")))).get("id").asText();

      settle("komoju", konbini, "complete");
      settle("komoju", paypay, "expire");

      List<Received> hooks = receiver.await(2);
      for (Received hook : hooks) {
        assertThat(hook.path()).isEqualTo("/api/webhooks/komoju");
        assertThat(hook.header("X-Komoju-Signature"))
            .isEqualTo(
                hmacHex(WebhookSecrets.KOMOJU.getBytes(StandardCharsets.UTF_8), hook.body()));
      }
      JsonNode captured = JSON.readTree(hooks.get(0).body());
      assertThat(captured.get("type").asText()).isEqualTo("payment.captured");
      assertThat(hooks.get(0).header("X-Komoju-Event")).isEqualTo("payment.captured");
      assertThat(hooks.get(0).header("X-Komoju-ID")).isEqualTo(captured.get("id").asText());
      assertThat(captured.get("resource").asText()).isEqualTo("event");
      assertThat(captured.has("reason")).isTrue();
      assertThat(captured.at("/data/id").asText()).isEqualTo(konbini);
      assertThat(captured.at("/data/status").asText()).isEqualTo("captured");
      assertThat(captured.at("/data/amount").asLong()).isEqualTo(5672);
      assertThat(captured.at("/data/external_order_num").asText()).isEqualTo("ORDER-76");
      JsonNode expired = JSON.readTree(hooks.get(1).body());
      assertThat(expired.get("type").asText()).isEqualTo("payment.expired");
      assertThat(expired.at("/data/status").asText()).isEqualTo("expired");
    }

    @Test
    @DisplayName("2C2P: a signed JWT body, respCode 0000 when paid and 0003 when lapsed")
    void twoC2pNotificationIsASignedJwt() throws Exception {
      // No 2C2P payment waits for the customer in the sandbox: drive the ledger directly.
      Ledger ledger = new Ledger();
      ObjectNode invoice = Json.object().put("merchantID", "JT01").put("approvalCode", "123456");
      try (WebhookSender sender =
          new WebhookSender(
              receiver.url(),
              GatewaySandbox.DEFAULT_2C2P_SECRET,
              (gateway, id) -> invoice.deepCopy(),
              QUICK_RETRIES)) {
        ledger.subscribe(sender);
        for (String tranRef : List.of("7000001", "7000002")) {
          ledger.record(
              LedgerEntry.created(
                  "2c2p",
                  tranRef,
                  "ORDER-78",
                  "ORDER-78",
                  5672,
                  "JPY",
                  "card",
                  LedgerStatus.PENDING));
        }
        ledger.update("2c2p", "7000001", LedgerStatus.PAID);
        ledger.update("2c2p", "7000002", LedgerStatus.EXPIRED);
      }

      List<Received> hooks = receiver.await(2);
      assertThat(hooks.get(0).path()).isEqualTo("/api/webhooks/2c2p");
      assertThat(hooks.get(0).header("Content-Type")).isEqualTo("application/json");
      String token = JSON.readTree(hooks.get(0).body()).get("payload").asText();
      DecodedJWT paid = JWT.require(MERCHANT_SECRET).build().verify(token);
      assertThat(paid.getClaim("respCode").asString()).isEqualTo("0000");
      assertThat(paid.getClaim("respDesc").asString()).isEqualTo("Success");
      assertThat(paid.getClaim("merchantID").asString()).isEqualTo("JT01");
      assertThat(paid.getClaim("invoiceNo").asString()).isEqualTo("ORDER-78");
      assertThat(paid.getClaim("tranRef").asString()).isEqualTo("7000001");
      assertThat(paid.getClaim("approvalCode").asString()).isEqualTo("123456");
      assertThat(paid.getClaim("channelCode").asString()).isEqualTo("CC");
      assertThat(paid.getClaim("transactionDateTime").asString()).matches("\\d{14}");
      assertThat(new String(Base64.getUrlDecoder().decode(paid.getPayload()), UTF_8))
          .contains("\"amount\":\"5672.00\"");
      String lapsed = JSON.readTree(hooks.get(1).body()).get("payload").asText();
      assertThat(
              JWT.require(MERCHANT_SECRET).build().verify(lapsed).getClaim("respCode").asString())
          .isEqualTo("0003");
    }

    @Test
    @DisplayName("a receiver answering 500 twice gets the event again until it answers 200")
    void undeliveredEventsAreRetriedFreshlySigned() throws Exception {
      receiver.answer(500, 500);
      String id = json(send(stripe("w-9", stripeKonbini("79")))).get("id").asText();

      JsonNode answer = settle("stripe", id, "complete");

      assertThat(answer.at("/webhook/delivered").asBoolean()).isFalse();
      assertThat(answer.at("/webhook/status").asInt()).isEqualTo(500);
      List<Received> hooks = receiver.await(3);
      for (Received hook : hooks) {
        assertStripeSignature(hook);
        assertThat(hook.body()).isEqualTo(hooks.get(0).body());
      }
      JsonNode delivery = awaitDelivered(answer.at("/webhook/eventId").asText());
      assertThat(delivery.get("attempts").asInt()).isEqualTo(3);
      assertThat(delivery.get("lastStatus").asInt()).isEqualTo(200);
      Thread.sleep(300);
      assertThat(receiver.received()).hasSize(3);
    }

    @Test
    void retriesStopAfterTheLastAttempt() throws Exception {
      receiver.answer(503, 503, 503, 503, 503, 503);
      String id = json(send(komoju("w-10", komojuBody("80", KONBINI)))).get("id").asText();

      settle("komoju", id, "complete");

      assertThat(receiver.await(QUICK_RETRIES.maxAttempts())).hasSize(5);
      Thread.sleep(400);
      assertThat(receiver.received()).hasSize(5);
      JsonNode delivery = webhooks().get(0);
      assertThat(delivery.get("attempts").asInt()).isEqualTo(5);
      assertThat(delivery.get("delivered").asBoolean()).isFalse();
      assertThat(delivery.get("lastStatus").asInt()).isEqualTo(503);
    }

    @Test
    @DisplayName("?amount= makes the event say the customer paid another amount")
    void completeWithAnotherAmount() throws Exception {
      String komojuId = json(send(komoju("w-11", komojuBody("81", BANK)))).get("id").asText();
      String stripeId = json(send(stripe("w-12", stripeBankTransfer("82")))).get("id").asText();

      assertThat(settleStatus("komoju", komojuId, "complete?amount=0")).isEqualTo(400);
      assertThat(settleStatus("komoju", komojuId, "complete?amount=-5")).isEqualTo(400);
      assertThat(settleStatus("komoju", komojuId, "complete?amount=1.5")).isEqualTo(400);
      assertThat(settleStatus("komoju", komojuId, "complete?amount=")).isEqualTo(400);
      assertThat(settleStatus("komoju", komojuId, "expire?amount=5000")).isEqualTo(400);
      assertThat(ledger("komoju", "81").get(0).get("status").asText()).isEqualTo("pending");
      assertThat(receiver.received()).isEmpty();
      settle("komoju", komojuId, "complete?amount=5000");
      settle("stripe", stripeId, "complete?amount=6000");

      List<Received> hooks = receiver.await(2);
      JsonNode under = JSON.readTree(hooks.get(0).body());
      assertThat(under.at("/data/amount").asLong()).isEqualTo(5000);
      assertThat(under.at("/data/total").asLong()).isEqualTo(5000);
      assertThat(json(send(komojuGet(komojuId))).get("amount").asLong()).isEqualTo(5672);
      JsonNode over = JSON.readTree(hooks.get(1).body()).at("/data/object");
      assertThat(over.get("amount").asLong()).isEqualTo(5672);
      assertThat(over.get("amount_received").asLong()).isEqualTo(6000);
    }

    @Test
    void theControlApiListsAndRedeliversEvents() throws Exception {
      String id = json(send(komoju("w-13", komojuBody("83", KONBINI)))).get("id").asText();
      String eventId = settle("komoju", id, "complete").at("/webhook/eventId").asText();
      Received first = receiver.only();

      JsonNode delivery = webhooks().get(0);
      assertThat(delivery.get("eventId").asText()).isEqualTo(eventId);
      assertThat(delivery.get("gateway").asText()).isEqualTo("komoju");
      assertThat(delivery.get("type").asText()).isEqualTo("payment.captured");
      assertThat(delivery.get("chargeId").asText()).isEqualTo(id);
      assertThat(delivery.get("reference").asText()).isEqualTo("83");
      assertThat(delivery.get("attempts").asInt()).isEqualTo(1);
      assertThat(delivery.get("delivered").asBoolean()).isTrue();
      assertThat(delivery.get("lastStatus").asInt()).isEqualTo(200);
      assertThat(delivery.get("body").asText()).isEqualTo(first.body());

      HttpResponse<String> again = send(post("/_sandbox/webhooks/" + eventId + "/redeliver", ""));
      assertThat(again.statusCode()).isEqualTo(200);
      assertThat(json(again).get("status").asInt()).isEqualTo(200);
      assertThat(json(again).get("delivered").asBoolean()).isTrue();
      List<Received> hooks = receiver.await(2);
      assertThat(hooks.get(1).body()).isEqualTo(first.body());
      assertThat(hooks.get(1).header("X-Komoju-Signature"))
          .isEqualTo(first.header("X-Komoju-Signature"));
      assertThat(webhooks().get(0).get("attempts").asInt()).isEqualTo(2);
      assertThat(send(post("/_sandbox/webhooks/nope/redeliver", "")).statusCode()).isEqualTo(404);
    }

    @Test
    void resetForgetsEventsAndCancelsRetries() throws Exception {
      receiver.answer(500, 500, 500, 500, 500);
      String id = json(send(komoju("w-14", komojuBody("84", KONBINI)))).get("id").asText();
      settle("komoju", id, "complete");

      send(post("/_sandbox/reset", ""));
      int sent = receiver.received().size();
      Thread.sleep(500);

      assertThat(webhooks()).isEmpty();
      // An attempt already under way may still land, but none is scheduled after it.
      assertThat(receiver.received().size()).isBetween(sent, sent + 1);
    }

    @Test
    @DisplayName("without --webhooks events are recorded, not sent")
    void withoutAUrlNothingIsSent() throws Exception {
      try (GatewaySandbox quiet = GatewaySandbox.start(0)) {
        String id =
            json(send(on(quiet, komoju("w-15", komojuBody("85", KONBINI))))).get("id").asText();

        JsonNode answer =
            json(send(on(quiet, post("/_sandbox/payments/komoju/" + id + "/complete", ""))));

        assertThat(answer.get("status").asText()).isEqualTo("paid");
        assertThat(answer.at("/webhook/delivered").asBoolean()).isFalse();
        assertThat(answer.at("/webhook/status").isNull()).isTrue();
        JsonNode recorded = json(send(on(quiet, request("/_sandbox/webhooks").GET().build())));
        assertThat(recorded).hasSize(1);
        assertThat(recorded.get(0).get("attempts").asInt()).isZero();
        assertThat(recorded.get(0).get("type").asText()).isEqualTo("payment.captured");
        String eventId = answer.at("/webhook/eventId").asText();
        assertThat(
                send(on(quiet, post("/_sandbox/webhooks/" + eventId + "/redeliver", "")))
                    .statusCode())
            .isEqualTo(409);
      }
      assertThat(receiver.received()).isEmpty();
    }

    @Test
    void retriesWaitLongerEachTimeUpToTheCap() {
      Retries gateways = Retries.GATEWAYS;

      assertThat(gateways.maxAttempts()).isEqualTo(12);
      assertThat(List.of(1, 2, 3, 4, 5, 6, 11).stream().map(gateways::delayAfter))
          .containsExactly(
              Duration.ofMillis(500),
              Duration.ofSeconds(1),
              Duration.ofSeconds(2),
              Duration.ofSeconds(4),
              Duration.ofSeconds(8),
              Duration.ofSeconds(8),
              Duration.ofSeconds(8));
    }

    @Test
    @DisplayName("the public builders and signers give what the sandbox itself sends")
    void buildersForTestsMatchTheSentShapes() throws Exception {
      String stripe =
          WebhookEvents.stripePaymentIntent(
              "evt_1", "payment_intent.succeeded", "pi_1", 5672, "JPY", "succeeded", 1_700_000_000);
      String header =
          WebhookSigner.stripeSignatureHeader(stripe, WebhookSecrets.STRIPE, 1_700_000_000);
      com.stripe.net.Webhook.Signature.verifyHeader(
          stripe, header, WebhookSecrets.STRIPE, Long.MAX_VALUE / 2);
      assertThat(JSON.readTree(stripe).at("/data/object/amount_received").asLong()).isEqualTo(5672);
      assertThat(JSON.readTree(stripe).at("/data/object/currency").asText()).isEqualTo("jpy");

      JsonNode omise =
          JSON.readTree(
              WebhookEvents.omise(
                  "evnt_test_1", "charge.expire", "chrg_test_1", 5672, "JPY", "expired"));
      assertThat(omise.get("key").asText()).isEqualTo("charge.expire");
      assertThat(omise.at("/data/expired").asBoolean()).isTrue();
      assertThat(WebhookSigner.omiseSignature("{}", WebhookSecrets.OMISE, 7))
          .isEqualTo(hmacHex(Base64.getDecoder().decode(WebhookSecrets.OMISE), "7.{}"));

      JsonNode komoju =
          JSON.readTree(
              WebhookEvents.komoju(
                  "k1", "payment.captured", "p1", "ORDER-9", 5672, "JPY", "captured", "konbini"));
      assertThat(komoju.at("/data/payment_details/type").asText()).isEqualTo("konbini");
      assertThat(komoju.at("/data/captured_at").isNull()).isFalse();

      Map<String, Object> claims =
          WebhookEvents.twoC2pClaims("JT01", "ORDER-9", 5672, "JPY", "0000", "1234567");
      String body = WebhookSigner.twoC2pBody(claims, GatewaySandbox.DEFAULT_2C2P_SECRET);
      DecodedJWT token =
          JWT.require(MERCHANT_SECRET).build().verify(JSON.readTree(body).get("payload").asText());
      assertThat(token.getClaim("amount").asString()).isEqualTo("5672.00");
      assertThat(token.getClaim("accountNo").asString()).isEqualTo("411111XXXXXX1111");
      assertThat(token.getClaim("referenceNo").asString()).isEqualTo("1234567");
    }

    private String omise3ds(String key, String order) throws Exception {
      String form = omiseCard(order, "tokn_test_3ds") + "&return_uri=https%3A%2F%2Fshop.example%2F";
      return json(send(omise(key, form))).get("id").asText();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"stripe", "komoju", "2c2p"}) // Omise keeps no key: see its own tests
  @DisplayName(
      "20 concurrent requests with one key make one charge; Stripe and KOMOJU answer the twins"
          + " that came while it was made 409")
  void concurrentDuplicatesChargeOnce(String gateway) throws Exception {
    HttpRequest charge = cardCharge(gateway, "c-" + gateway, "51");

    List<HttpResponse<String>> answers = sendAtOnce(20, () -> send(charge));

    Set<String> bodies = new HashSet<>();
    boolean conflictsAllowed = gateway.equals("stripe") || gateway.equals("komoju");
    for (HttpResponse<String> response : answers) {
      if (conflictsAllowed && response.statusCode() == 409) {
        continue;
      }
      assertThat(response.statusCode()).isEqualTo(200);
      bodies.add(response.body());
    }
    assertThat(bodies).hasSize(1);
    assertThat(ledger(gateway, "51")).hasSize(1);
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
}
