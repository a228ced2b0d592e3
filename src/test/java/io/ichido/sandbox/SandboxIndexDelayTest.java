package io.ichido.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.stripe.model.PaymentIntent;
import com.stripe.param.PaymentIntentSearchParams;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * A search index that lags, as Stripe's and Omise's do: the fault {@code index_delay}, chaos with
 * it, and {@code POST /_sandbox/search-delay}. Retrieval by id never lags.
 */
class SandboxIndexDelayTest extends SandboxTestSupport {

  // Long enough for the requests in between on a busy machine (a run that took longer starts over:
  // beforeTheLagEnds); stripe-java is warmed up first.
  private static final long LAG = LAG_MILLIS;

  @Test
  @DisplayName(
      "Stripe: a charge under index_delay is made and retrievable, but search finds it late")
  void stripeSearchLagsBehindTheCharge() throws Exception {
    stripeSearch("600");
    record Seen(String lagging, String other, List<String> before) {}
    Seen seen =
        beforeTheLagEnds(
            lagBegins -> {
              fault("stripe", "d-1", "index_delay", ",\"delayMillis\":" + LAG);
              lagBegins.run();
              String lagging =
                  json(send(stripe("d-1", stripeCard("601", "pm_card_visa")))).get("id").asText();
              String other =
                  json(send(stripe("d-2", stripeCard("601", "pm_card_visa")))).get("id").asText();
              return new Seen(lagging, other, stripeSearch("601"));
            });
    String lagging = seen.lagging();
    String other = seen.other();
    JsonNode retrieved = json(send(stripeGet(lagging)));
    List<String> after = afterTheLag(() -> stripeSearch("601"), found -> found.size() > 1);

    assertThat(seen.before()).containsExactly(other);
    assertThat(retrieved.get("status").asText()).isEqualTo("succeeded");
    assertThat(after).containsExactly(other, lagging);
    assertThat(ledger("stripe", "601")).hasSize(2);
  }

  @Test
  @DisplayName("Omise: POST /_sandbox/search-delay makes every new charge lag; reset ends it")
  void omiseSandboxWideSearchDelay() throws Exception {
    record Seen(String id, JsonNode before) {}
    Seen seen =
        beforeTheLagEnds(
            lagBegins -> {
              assertThat(
                      send(post(
                              "/_sandbox/search-delay",
                              "{\"gateway\":\"omise\",\"delayMillis\":" + LAG + "}"))
                          .statusCode())
                  .isEqualTo(200);
              lagBegins.run();
              String id =
                  json(send(omise("d-3", omiseCard("602", "tokn_test_visa")))).get("id").asText();
              return new Seen(id, json(send(omiseSearch("scope=charge&query=602"))));
            });
    String id = seen.id();
    JsonNode before = seen.before();
    assertThat(send(omiseGet(id)).statusCode()).isEqualTo(200);
    JsonNode after =
        afterTheLag(
            () -> json(send(omiseSearch("scope=charge&query=602"))),
            found -> found.get("total").asInt() > 0);
    resetSandbox();
    send(omise("d-4", omiseCard("603", "tokn_test_visa")));
    JsonNode afterReset = json(send(omiseSearch("scope=charge&query=603")));

    assertThat(before.get("total").asInt()).isZero();
    assertThat(after.get("total").asInt()).isEqualTo(1);
    assertThat(after.at("/data/0/id").asText()).isEqualTo(id);
    assertThat(afterReset.get("total").asInt()).isEqualTo(1);
  }

  @Test
  @DisplayName(
      "Chaos can lag the index too, and leaves requests that make no searchable charge alone")
  void chaosWithIndexDelay() throws Exception {
    stripeSearch("600");
    record Seen(String id, int komoju, List<String> before) {}
    Seen seen =
        beforeTheLagEnds(
            lagBegins -> {
              send(
                  post(
                      "/_sandbox/chaos",
                      "{\"probability\":1,\"seed\":1,\"modes\":[\"index_delay\"],"
                          + "\"delayMillis\":"
                          + LAG
                          + "}"));
              lagBegins.run();
              String id =
                  json(send(stripe("d-5", stripeCard("604", "pm_card_visa")))).get("id").asText();
              int komoju = send(komoju("d-6", komojuBody("604", "\"tok_visa\""))).statusCode();
              return new Seen(id, komoju, stripeSearch("604"));
            });
    List<String> after = afterTheLag(() -> stripeSearch("604"), found -> !found.isEmpty());

    assertThat(seen.before()).isEmpty();
    assertThat(after).containsExactly(seen.id());
    assertThat(seen.komoju()).isEqualTo(200);
    assertThat(json(send(request("/_sandbox/stats").GET())).at("/faults/index_delay").asInt())
        .isEqualTo(1);
  }

  @Test
  void aGatewayWithoutSearchHasNoSearchDelay() throws Exception {
    assertThat(
            send(post("/_sandbox/search-delay", "{\"gateway\":\"komoju\",\"delayMillis\":1}"))
                .statusCode())
        .isEqualTo(400);
    assertThat(send(post("/_sandbox/search-delay", "{\"gateway\":\"omise\"}")).statusCode())
        .isEqualTo(400);
  }

  private List<String> stripeSearch(String order) throws Exception {
    return stripeJava()
        .v1()
        .paymentIntents()
        .search(
            PaymentIntentSearchParams.builder()
                .setQuery("metadata['order_id']:'" + order + "'")
                .build())
        .getData()
        .stream()
        .map(PaymentIntent::getId)
        .toList();
  }
}
