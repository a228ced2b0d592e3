package io.ichido.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.stripe.model.PaymentIntent;
import com.stripe.model.StripeSearchResult;
import com.stripe.param.PaymentIntentSearchParams;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Stripe's PaymentIntent search, {@code GET /v1/payment_intents/search}. */
class SandboxSearchTest extends SandboxTestSupport {

  @Test
  @DisplayName("stripe-java finds exactly the intents with that metadata, newest first")
  void stripeJavaSearchesByMetadata() throws Exception {
    String first = intent("q-1", "201");
    intent("q-2", "202");
    String declined =
        json(send(stripe("q-3", stripeCard("201", "pm_card_chargeDeclined"))))
            .at("/error/payment_intent/id")
            .asText();
    send(
        stripe(
            "q-4",
            "amount=100&currency=jpy&confirm=true&payment_method=pm_card_visa"
                + "&payment_method_types%5B0%5D=card&metadata%5Bcart%5D=201"));
    String last = intent("q-5", "201");

    StripeSearchResult<PaymentIntent> found =
        stripeJava()
            .v1()
            .paymentIntents()
            .search(
                PaymentIntentSearchParams.builder()
                    .setQuery("metadata['order_id']:'201'")
                    .setLimit(10L)
                    .build());

    assertThat(found.getObject()).isEqualTo("search_result");
    assertThat(found.getUrl()).isEqualTo("/v1/payment_intents/search");
    assertThat(found.getHasMore()).isFalse();
    assertThat(found.getNextPage()).isNull();
    assertThat(found.getData())
        .extracting(PaymentIntent::getId)
        .containsExactly(last, declined, first);
    assertThat(found.getData())
        .allSatisfy(i -> assertThat(i.getMetadata()).containsEntry("order_id", "201"));
  }

  @Test
  void theAnswerIsStripesSearchResult() throws Exception {
    String id = intent("q-6", "203");

    HttpResponse<String> answer = search("metadata[\"order_id\"]:\"203\"", null);

    assertThat(answer.statusCode()).isEqualTo(200);
    assertThat(answer.body())
        .startsWith(
            "{\"object\":\"search_result\",\"url\":\"/v1/payment_intents/search\","
                + "\"has_more\":false,\"next_page\":null,\"data\":[{\"id\":\""
                + id
                + "\"");
    assertThat(json(search("metadata['order_id']:'nope'", null)).get("data")).isEmpty();
  }

  @Test
  void clausesCombineWithAndOrAndNegation() throws Exception {
    String paid = intent("q-7", "204");
    String declined =
        json(send(stripe("q-8", stripeCard("204", "pm_card_chargeDeclined"))))
            .at("/error/payment_intent/id")
            .asText();
    String other = intent("q-9", "205");

    assertThat(ids(search("metadata['order_id']:'204' AND status:'succeeded'", null)))
        .containsExactly(paid);
    assertThat(ids(search("metadata['order_id']:'204' -status:'succeeded'", null)))
        .containsExactly(declined);
    assertThat(ids(search("metadata['order_id']:'204' or metadata['order_id']:'205'", null)))
        .containsExactly(other, declined, paid);
  }

  @Test
  void limitAndNextPageWalkThroughTheResults() throws Exception {
    List<String> created = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      created.add(0, intent("q-page-" + i, "206"));
    }

    JsonNode page = json(search("metadata['order_id']:'206'", "&limit=2"));
    String next = page.get("next_page").asText();
    JsonNode rest = json(search("metadata['order_id']:'206'", "&limit=2&page=" + next));

    assertThat(page.get("has_more").asBoolean()).isTrue();
    assertThat(ids(page)).containsExactly(created.get(0), created.get(1));
    assertThat(rest.get("has_more").asBoolean()).isFalse();
    assertThat(rest.get("next_page").isNull()).isTrue();
    assertThat(ids(rest)).containsExactly(created.get(2));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "metadata['order_id']:6735",
        "metadata['order_id']:'6735",
        "metadata[order_id]:'6735'",
        "amount>1000",
        "metadata['order_id']~'673'",
        "metadata['a']:'1' AND metadata['b']:'2' OR metadata['c']:'3'",
        "metadata['a']:'1'metadata['b']:'2'",
        "",
      })
  void queriesItCannotReadAre400(String query) throws Exception {
    HttpResponse<String> answer = search(query, null);

    assertThat(answer.statusCode()).isEqualTo(400);
    JsonNode error = json(answer).get("error");
    assertThat(error.get("type").asText()).isEqualTo("invalid_request_error");
    assertThat(error.get("param").asText()).isEqualTo("query");
    assertThat(error.get("message").asText()).isNotBlank();
  }

  @Test
  void badLimitsAndPagesAre400() throws Exception {
    assertThat(search("status:'succeeded'", "&limit=101").statusCode()).isEqualTo(400);
    assertThat(json(search("status:'succeeded'", "&limit=0")).at("/error/param").asText())
        .isEqualTo("limit");
    assertThat(json(search("status:'succeeded'", "&page=nope")).at("/error/param").asText())
        .isEqualTo("page");
  }

  /** A succeeded card PaymentIntent for the order; its id. */
  private String intent(String key, String order) throws Exception {
    return json(send(stripe(key, stripeCard(order, "pm_card_visa")))).get("id").asText();
  }

  private HttpResponse<String> search(String query, String more) throws Exception {
    String path =
        "/stripe"
            + StripeSearch.URL
            + "?query="
            + URLEncoder.encode(query, StandardCharsets.UTF_8)
            + (more == null ? "" : more);
    return send(request(path).header("Authorization", "Bearer sk_test_sandbox").GET());
  }

  private static List<String> ids(HttpResponse<String> answer) throws Exception {
    return ids(json(answer));
  }

  private static List<String> ids(JsonNode result) {
    List<String> ids = new ArrayList<>();
    result.get("data").forEach(intent -> ids.add(intent.get("id").asText()));
    return ids;
  }
}
