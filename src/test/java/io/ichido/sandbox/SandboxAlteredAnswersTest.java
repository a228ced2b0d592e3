package io.ichido.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.auth0.jwt.interfaces.DecodedJWT;
import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The faults alter_amount and alter_currency: the gateway does its work, its answer lies. */
class SandboxAlteredAnswersTest extends SandboxTestSupport {

  @Test
  @DisplayName("alter_amount: the answer says one yen more, the ledger and the replay the truth")
  void alterAmountChangesOnlyTheAnswer() throws Exception {
    fault("stripe", "a-1", "alter_amount", "");

    HttpResponse<String> answer = send(stripe("a-1", stripeCard("101", "pm_card_visa")));

    assertThat(answer.statusCode()).isEqualTo(200);
    JsonNode intent = json(answer);
    assertThat(intent.get("amount").asLong()).isEqualTo(5673);
    assertThat(intent.get("currency").asText()).isEqualTo("jpy");
    assertThat(intent.get("amount_received").asLong()).isEqualTo(5672);
    JsonNode entry = ledger("stripe", "101").get(0);
    assertThat(entry.get("amount").asLong()).isEqualTo(5672);
    assertThat(entry.get("status").asText()).isEqualTo("paid");
    String id = intent.get("id").asText();
    assertThat(json(send(stripeGet(id))).get("amount").asLong()).isEqualTo(5672);
    HttpResponse<String> replay = send(stripe("a-1", stripeCard("101", "pm_card_visa")));
    assertThat(json(replay).get("amount").asLong()).isEqualTo(5672);
    assertThat(replay.headers().firstValue("Idempotent-Replayed")).hasValue("true");
    assertThat(ledger("stripe", "101")).hasSize(1);
  }

  @Test
  void alterCurrencyOnRetrievesForItsTimes() throws Exception {
    String id = json(send(stripe("a-2", stripeCard("102", "pm_card_visa")))).get("id").asText();
    fault("stripe", "*", "alter_currency", ",\"times\":2");

    assertThat(json(send(stripeGet(id))).get("currency").asText()).isEqualTo("usd");
    assertThat(json(send(stripeGet(id))).get("currency").asText()).isEqualTo("usd");
    assertThat(json(send(stripeGet(id))).get("currency").asText()).isEqualTo("jpy");
    assertThat(ledger("stripe", "102").get(0).get("currency").asText()).isEqualTo("JPY");
  }

  @Test
  void declinesAndOtherGatewaysAreAlteredToo() throws Exception {
    fault("stripe", "a-3", "alter_amount", "");
    fault("komoju", "a-4", "alter_currency", "");
    fault("omise", "*", "alter_amount", "");

    JsonNode decline = json(send(stripe("a-3", stripeCard("103", "pm_card_chargeDeclined"))));
    JsonNode payment = json(send(komoju("a-4", komojuBody("104", "\"tok_visa\""))));
    JsonNode charge = json(send(omise("a-5", omiseCard("105", "tokn_test_visa"))));

    assertThat(decline.at("/error/payment_intent/amount").asLong()).isEqualTo(5673);
    assertThat(payment.get("currency").asText()).isEqualTo("USD");
    assertThat(payment.get("amount").asLong()).isEqualTo(5672);
    assertThat(charge.get("amount").asLong()).isEqualTo(5673);
    assertThat(ledger(null, null))
        .allSatisfy(
            entry -> {
              assertThat(entry.get("amount").asLong()).isEqualTo(5672);
              assertThat(entry.get("currency").asText()).isEqualTo("JPY");
            });
  }

  @Test
  @DisplayName("2C2P: only the inquiry takes the fault, and its answer is signed again")
  void twoC2pInquiryIsAlteredAndSignedAgain() throws Exception {
    fault("2c2p", "ORDER-106", "alter_amount", "");
    fault("2c2p", "ORDER-106", "alter_currency", "");

    send(doPayment(paymentToken("ORDER-106", MERCHANT_SECRET), "4111-card-token"));
    DecodedJWT more = inquiry("ORDER-106");
    DecodedJWT other = inquiry("ORDER-106");
    DecodedJWT truth = inquiry("ORDER-106");

    assertThat(payload(more)).contains("\"amount\":5673.00").contains("\"currencyCode\":\"JPY\"");
    assertThat(payload(other)).contains("\"amount\":5672.00").contains("\"currencyCode\":\"USD\"");
    assertThat(payload(truth)).contains("\"amount\":5672.00").contains("\"currencyCode\":\"JPY\"");
    assertThat(more.getClaim("respCode").asString()).isEqualTo("0000");
    assertThat(ledger("2c2p", "106").get(0).get("amount").asLong()).isEqualTo(5672);
  }

  @Test
  void chaosAltersAnswersOnlyWhenAskedTo() throws Exception {
    JsonNode chaos = json(send(post("/_sandbox/chaos", "{\"probability\":1}")));

    assertThat(chaos.get("modes")).isNotEmpty();
    assertThat(chaos.get("modes").toString()).doesNotContain("alter");
    send(post("/_sandbox/chaos", "{\"probability\":1,\"modes\":[\"alter_amount\"]}"));
    assertThat(json(send(komoju("a-7", komojuBody("107", "\"tok_visa\"")))).get("amount").asLong())
        .isEqualTo(5673);
    send(request("/_sandbox/chaos").DELETE());
  }

  private static String payload(DecodedJWT token) {
    return new String(Base64.getUrlDecoder().decode(token.getPayload()), StandardCharsets.UTF_8);
  }
}
