package io.ichido.sandbox;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import com.auth0.jwt.algorithms.Algorithm;
import com.auth0.jwt.interfaces.DecodedJWT;
import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * 2C2P as the sandbox speaks it: payment tokens, do-payment and the inquiry, all as signed JWTs.
 */
class SandboxTwoC2pTest extends SandboxTestSupport {

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
            new String(Base64.getUrlDecoder().decode(inquiry.getPayload()), StandardCharsets.UTF_8))
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
  @DisplayName(
      "Payment Token's request3DS: Y (and F) as 2C2P's examples send it, N pays a 3-D Secure card"
          + " without the page, any other value is refused with 9004")
  void request3dsIsTakenAsTwoC2pSpellsIt() throws Exception {
    String[][] cases = {{"Y", "1001"}, {"F", "1001"}, {"N", "2000"}};
    int order = 3601;
    for (String[] wanted : cases) {
      String invoice = "ORDER-" + order++;
      Map<String, Object> claims = tokenClaims(invoice);
      claims.put("request3DS", wanted[0]);
      DecodedJWT token = verified(send(twoC2p("/paymentToken", claims, MERCHANT_SECRET)));
      assertThat(token.getClaim("respCode").asString()).isEqualTo("0000");

      JsonNode paid = json(send(doPayment(token.getClaim("paymentToken").asString(), "3ds")));
      assertThat(paid.get("respCode").asText()).as(wanted[0]).isEqualTo(wanted[1]);
    }
    assertThat(inquiry("ORDER-3603").getClaim("respCode").asString()).isEqualTo("0000");

    Map<String, Object> unheard = tokenClaims("ORDER-3604");
    unheard.put("request3DS", "yes");
    JsonNode refused = json(send(twoC2p("/paymentToken", unheard, MERCHANT_SECRET)));
    assertThat(refused.get("respCode").asText()).isEqualTo("9004");
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
        HttpRequest.newBuilder(URI.create(page)).POST(HttpRequest.BodyPublishers.noBody()).build();
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
        HttpRequest.newBuilder(URI.create(page)).POST(HttpRequest.BodyPublishers.noBody()).build());

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
  @DisplayName(
      "a chargeback (4130): the bank takes back what was paid, in the ledger and the inquiry, and"
          + " its notification says how much; once only, and a refund is still made")
  void chargebackTakesTheMoneyBack() throws Exception {
    send(doPayment(paymentToken("ORDER-37", MERCHANT_SECRET), "4111-card-token"));
    String tranRef = ledger("2c2p", "37").get(0).get("id").asText();

    JsonNode disputed = json(send(post("/_sandbox/payments/2c2p/" + tranRef + "/dispute", "")));

    assertThat(disputed.get("amountChargedBack").asLong()).isEqualTo(5672);
    assertThat(disputed.at("/webhook/status").asInt()).isEqualTo(200);
    JsonNode entry = ledger("2c2p", "37").get(0);
    assertThat(entry.get("status").asText()).as("the money was taken").isEqualTo("paid");
    assertThat(entry.get("amountChargedBack").asLong()).isEqualTo(5672);
    assertThat(entry.get("amountRefunded").asLong()).isZero();
    assertThat(inquiry("ORDER-37").getClaim("respCode").asString()).isEqualTo("4130");
    String token = JSON.readTree(receiver.only().body()).get("payload").asText();
    DecodedJWT notice = com.auth0.jwt.JWT.require(MERCHANT_SECRET).build().verify(token);
    assertThat(notice.getClaim("respCode").asString()).isEqualTo("4130");
    assertThat(notice.getClaim("invoiceNo").asString()).isEqualTo("ORDER-37");
    assertThat(notice.getClaim("tranRef").asString()).isEqualTo(tranRef);
    assertThat(new String(Base64.getUrlDecoder().decode(notice.getPayload()), UTF_8))
        .contains("\"amount\":\"5672.00\"");
    assertThat(send(post("/_sandbox/payments/2c2p/" + tranRef + "/dispute", "")).statusCode())
        .as("charged back once")
        .isEqualTo(409);

    // 2C2P documents no refusal of it: a card charged back can be credited again.
    assertThat(send(post("/_sandbox/payments/2c2p/" + tranRef + "/refund", "")).statusCode())
        .isEqualTo(200);
    JsonNode twice = ledger("2c2p", "37").get(0);
    assertThat(twice.get("amountRefunded").asLong()).isEqualTo(5672);
    assertThat(twice.get("amountChargedBack").asLong()).isEqualTo(5672);
  }

  @Test
  @DisplayName(
      "a tranRef drawn that another 2C2P charge has is drawn again before anything is charged:"
          + " never an invoice shown charged that the ledger does not hold")
  void tranRefsNeverCollide() {
    Ledger ledger = new Ledger();
    ledger.record(
        LedgerEntry.created(
            "2c2p", "1234567", "ORDER-1", "ORDER-1", 100, "JPY", "card", LedgerStatus.PAID));
    Iterator<String> draws = List.of("1234567", "1234567", "7654321").iterator();

    String drawn =
        ledger.recordNew(
            "2c2p",
            draws::next,
            id ->
                LedgerEntry.created(
                    "2c2p", id, "ORDER-2", "ORDER-2", 200, "JPY", "card", LedgerStatus.PAID));

    assertThat(drawn).isEqualTo("7654321");
    assertThat(draws.hasNext()).isFalse();
    assertThat(ledger.find("2c2p", "1234567").orElseThrow().reference()).isEqualTo("1");
    assertThat(ledger.find("2c2p", "7654321").orElseThrow().reference()).isEqualTo("2");
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
