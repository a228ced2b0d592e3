package io.ichido.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Stripe's charges list as the sandbox serves it for reconciliation, and the differences a test
 * plants at the gateway: a dashboard charge, a refund whose webhook never comes, a changed amount.
 */
class SandboxStripeChargesTest extends SandboxTestSupport {

  private HttpRequest charges(String query) {
    return request("/stripe/v1/charges?" + query)
        .header("Authorization", "Bearer sk_test_sandbox")
        .GET()
        .build();
  }

  private String paid(String order) throws Exception {
    return json(send(stripe("c-" + order, stripeCard(order, "pm_card_visa")))).get("id").asText();
  }

  private static List<String> intents(JsonNode page) {
    List<String> ids = new ArrayList<>();
    page.path("data").forEach(charge -> ids.add(charge.path("payment_intent").asText()));
    return ids;
  }

  @Test
  @DisplayName("newest first, limit pages with has_more, starting_after goes on, created filters")
  void pages() throws Exception {
    String first = paid("71");
    String second = paid("72");
    String third = paid("73");

    JsonNode page = json(send(charges("limit=2")));
    assertThat(page.path("object").asText()).isEqualTo("list");
    assertThat(page.path("url").asText()).isEqualTo("/v1/charges");
    assertThat(intents(page)).containsExactly(third, second);
    assertThat(page.path("has_more").asBoolean()).isTrue();
    String last = page.path("data").get(1).path("id").asText();
    JsonNode next = json(send(charges("limit=2&starting_after=" + last)));
    assertThat(intents(next)).containsExactly(first);
    assertThat(next.path("has_more").asBoolean()).isFalse();

    long now = page.path("data").get(0).path("created").asLong();
    assertThat(intents(json(send(charges("created%5Bgte%5D=" + (now + 60)))))).isEmpty();
    assertThat(intents(json(send(charges("created%5Blt%5D=" + (now + 60))))))
        .containsExactly(third, second, first);
  }

  @Test
  @DisplayName("no kinder than Stripe: a limit out of range, an unknown parameter, a lost cursor")
  void refusals() throws Exception {
    paid("74");
    HttpResponse<String> tooMany = send(charges("limit=101"));
    assertThat(tooMany.statusCode()).isEqualTo(400);
    assertThat(json(tooMany).at("/error/param").asText()).isEqualTo("limit");
    assertThat(send(charges("limit=0")).statusCode()).isEqualTo(400);
    assertThat(send(charges("from=1")).statusCode()).isEqualTo(400);
    assertThat(send(charges("starting_after=ch_unknown")).statusCode()).isEqualTo(404);
  }

  @Test
  @DisplayName("a dashboard charge, a refund with its webhook withheld and a changed amount show")
  void plantedDifferences() throws Exception {
    String intent = paid("75");
    String other = paid("76");
    HttpResponse<String> dashboard =
        send(post("/_sandbox/dashboard/stripe/charges", "{\"order\":77,\"amount\":1650}"));
    assertThat(dashboard.statusCode()).as(dashboard.body()).isEqualTo(200);
    String made = json(dashboard).path("id").asText();
    assertThat(
            send(post(
                    "/_sandbox/payments/stripe/" + intent + "/refund?amount=1000&webhook=withheld",
                    ""))
                .statusCode())
        .isEqualTo(200);
    assertThat(
            send(post("/_sandbox/payments/stripe/" + other + "/alter?amount=5000", ""))
                .statusCode())
        .isEqualTo(200);

    JsonNode page = json(send(charges("limit=10")));
    assertThat(intents(page)).containsExactly(made, other, intent);
    JsonNode byDashboard = page.path("data").get(0);
    assertThat(byDashboard.path("amount_captured").asLong()).isEqualTo(1650);
    assertThat(byDashboard.at("/metadata/order_id").asText()).isEqualTo("77");
    assertThat(page.path("data").get(1).path("amount_captured").asLong()).isEqualTo(5000);
    assertThat(page.path("data").get(2).path("amount_refunded").asLong()).isEqualTo(1000);
    assertThat(json(send(get("/_sandbox/webhooks"))).toString()).doesNotContain("charge.refunded");
  }

  private HttpRequest get(String path) {
    return request(path).GET().build();
  }
}
