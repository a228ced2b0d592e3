package io.ichido.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Omise's charges as the sandbox speaks them: no key unless switched on, its Search API, 3-D
 * Secure.
 */
class SandboxOmiseTest extends SandboxTestSupport {

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
    try (GatewaySandbox honouring = omiseHonouringKeys()) {
      HttpResponse<String> first =
          send(on(honouring, omise("o-1c", omiseCard("15", "tokn_test_visa"))));
      HttpResponse<String> again =
          send(on(honouring, omise("o-1c", omiseCard("15", "tokn_test_visa"))));
      assertThat(again.body()).isEqualTo(first.body());
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
  @DisplayName(
      "a challenge waits at the authorize_uri: authorized, the charge is paid; failed, it fails and"
          + " takes nothing; either way the browser goes on to the return_uri")
  void threeDSecureChallenge() throws Exception {
    for (String outcome : new String[] {"pass", "fail"}) {
      String order = outcome.equals("pass") ? "14" : "15";
      String form =
          omiseCard(order, "tokn_test_3ds_challenge")
              + "&return_uri=https%3A%2F%2Fshop.example%2Fback%2F"
              + order;
      JsonNode charge = json(send(omise("o-ch-" + order, form)));
      URI page = URI.create(charge.get("authorize_uri").asText());

      HttpResponse<String> shown = send(HttpRequest.newBuilder(page).GET());
      assertThat(shown.statusCode()).isEqualTo(200);
      assertThat(shown.body()).contains("omise-3ds-authorize", "omise-3ds-fail");
      assertThat(json(send(omiseGet(charge.get("id").asText()))).get("status").asText())
          .isEqualTo("pending");

      HttpResponse<String> back =
          send(
              HttpRequest.newBuilder(page)
                  .header("Content-Type", "application/x-www-form-urlencoded")
                  .POST(HttpRequest.BodyPublishers.ofString("outcome=" + outcome)));
      assertThat(back.headers().firstValue("Location"))
          .hasValue("https://shop.example/back/" + order);
      JsonNode after = json(send(omiseGet(charge.get("id").asText())));
      assertThat(after.get("status").asText())
          .isEqualTo(outcome.equals("pass") ? "successful" : "failed");
      assertThat(after.get("paid").asBoolean()).isEqualTo(outcome.equals("pass"));
      assertThat(ledger("omise", order).get(0).get("status").asText())
          .isEqualTo(outcome.equals("pass") ? "paid" : "failed");
    }
  }

  @Test
  @DisplayName(
      "pending_after_return: the authorize page sends the customer back at once, the charge reads"
          + " pending for delayMillis, then completes; only a 3-D Secure create takes the fault")
  void pendingAfterReturn() throws Exception {
    // Order 17 lags a minute: "still pending right after the return" holds however slow the
    // machine is. Order 18 lags 400 ms: it completes, and never before its lag.
    fault("omise", "*", "pending_after_return", ",\"order\":\"17\",\"delayMillis\":60000");
    fault("omise", "*", "pending_after_return", ",\"order\":\"18\",\"delayMillis\":400");
    String plain =
        json(send(omise("o-lag-0", omiseCard("17", "tokn_test_visa")))).get("id").asText();
    assertThat(json(send(omiseGet(plain))).get("status").asText()).isEqualTo("successful");

    String lagging = threeDSecure("o-lag-17", "17");
    HttpResponse<String> page = authorize(lagging);
    assertThat(page.headers().firstValue("Location")).hasValue("https://shop.example/back/17");
    assertThat(json(send(omiseGet(lagging))).get("status").asText()).isEqualTo("pending");
    assertThat(ledger("omise", "17")).extracting(e -> e.get("status").asText()).contains("pending");

    String completing = threeDSecure("o-lag-18", "18");
    // Timed from before the page is asked for: the sandbox's lag starts once the page is served,
    // never earlier, so this lower bound holds under any load.
    long back = System.nanoTime();
    authorize(completing);
    long waited;
    String status;
    do {
      Thread.sleep(50);
      status = json(send(omiseGet(completing))).get("status").asText();
      waited = (System.nanoTime() - back) / 1_000_000;
    } while (status.equals("pending") && waited < 30_000);
    assertThat(status).isEqualTo("successful");
    assertThat(waited)
        .as("pending at least delayMillis after the return")
        .isGreaterThanOrEqualTo(400);
  }

  /** A 3-D Secure charge for {@code order}: its id. */
  private String threeDSecure(String key, String order) throws Exception {
    String form =
        omiseCard(order, "tokn_test_3ds")
            + "&return_uri=https%3A%2F%2Fshop.example%2Fback%2F"
            + order;
    return json(send(omise(key, form))).get("id").asText();
  }

  /** The customer at the charge's authorize_uri: the page's answer. */
  private HttpResponse<String> authorize(String chargeId) throws Exception {
    String page = json(send(omiseGet(chargeId))).get("authorize_uri").asText();
    return send(HttpRequest.newBuilder(URI.create(page)).GET());
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
