package io.ichido.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * KOMOJU's payments as the sandbox speaks them: card under its key, konbini, bank transfer, PayPay,
 * Rakuten Pay.
 */
class SandboxKomojuTest extends SandboxTestSupport {

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
    HttpResponse<String> tooLong = send(komoju("k".repeat(101), komojuBody("225", "\"tok_visa\"")));
    HttpResponse<String> longest = send(komoju("k".repeat(100), komojuBody("225", "\"tok_visa\"")));

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
  @DisplayName(
      "Rakuten Pay is pending with a redirect to the customer page until paid, replayed under its"
          + " key, JPY only")
  void rakutenPayIsPendingUntilTheCustomerApproves() throws Exception {
    String body = komojuBody("27", "{\"type\":\"rakutenpay\"}");
    HttpResponse<String> first = send(komoju("k-7", body));
    HttpResponse<String> again = send(komoju("k-7", body));
    HttpResponse<String> dollars = send(komoju("k-7b", body.replace("JPY", "USD")));

    JsonNode payment = json(first);
    assertThat(payment.get("status").asText()).isEqualTo("pending");
    assertThat(payment.at("/payment_details/type").asText()).isEqualTo("rakutenpay");
    String id = payment.get("id").asText();
    String page = payment.at("/payment_details/redirect_url").asText();
    assertThat(page).startsWith(sandbox.baseUrl()).endsWith(id);
    assertThat(again.body()).isEqualTo(first.body());
    assertThat(dollars.statusCode()).isEqualTo(400);
    assertThat(json(dollars).at("/error/param").asText()).isEqualTo("currency");
    List<JsonNode> entries = ledger("komoju", "27");
    assertThat(entries).hasSize(1);
    assertThat(entries.get(0).get("method").asText()).isEqualTo("rakutenpay");
    assertThat(entries.get(0).get("status").asText()).isEqualTo("pending");
    assertThat(send(request(page.substring(sandbox.baseUrl().length())).GET()).body())
        .contains("/_sandbox/payments/komoju/" + id + "/complete");

    JsonNode entry = json(send(post("/_sandbox/payments/komoju/" + id + "/complete", "")));
    assertThat(entry.get("status").asText()).isEqualTo("paid");
    assertThat(json(send(komojuGet(id))).get("status").asText()).isEqualTo("captured");
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
