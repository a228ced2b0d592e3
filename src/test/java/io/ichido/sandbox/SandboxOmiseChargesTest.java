package io.ichido.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpRequest;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Omise's charges list as the sandbox serves it for reconciliation, and a dashboard charge. */
class SandboxOmiseChargesTest extends SandboxTestSupport {

  private HttpRequest charges(String query) {
    return request("/omise/charges?" + query)
        .header("Authorization", basic("skey_test_sandbox"))
        .GET()
        .build();
  }

  private String paid(String order) throws Exception {
    return json(send(omise("o-" + order, omiseCard(order, "tokn_test_visa")))).get("id").asText();
  }

  private static List<String> ids(JsonNode page) {
    List<String> ids = new ArrayList<>();
    page.path("data").forEach(charge -> ids.add(charge.path("id").asText()));
    return ids;
  }

  @Test
  @DisplayName("oldest first, limit from offset with the total, from and to both counted")
  void pages() throws Exception {
    String first = paid("81");
    String second = paid("82");
    String third = paid("83");

    JsonNode page = json(send(charges("limit=2")));
    assertThat(page.path("object").asText()).isEqualTo("list");
    assertThat(page.path("total").asInt()).isEqualTo(3);
    assertThat(ids(page)).containsExactly(first, second);
    assertThat(ids(json(send(charges("limit=2&offset=2"))))).containsExactly(third);
    assertThat(ids(json(send(charges("order=reverse_chronological&limit=1")))))
        .containsExactly(third);
    String created = page.path("data").get(0).path("created_at").asText();
    assertThat(ids(json(send(charges("from=" + created + "&to=" + created))))).contains(first);
    assertThat(
            json(send(charges("from=2000-01-01T00:00:00Z&to=2000-01-02T00:00:00Z")))
                .path("total")
                .asInt())
        .isZero();
  }

  @Test
  @DisplayName("no kinder than Omise: a limit over 100 or a date it cannot read is refused")
  void refusals() throws Exception {
    assertThat(send(charges("limit=101")).statusCode()).isEqualTo(400);
    assertThat(send(charges("from=yesterday")).statusCode()).isEqualTo(400);
  }

  @Test
  @DisplayName("a charge made in Omise's dashboard is listed, naming the order")
  void dashboardCharge() throws Exception {
    var made = send(post("/_sandbox/dashboard/omise/charges", "{\"order\":84,\"amount\":2200}"));
    assertThat(made.statusCode()).as(made.body()).isEqualTo(200);
    JsonNode listed = json(send(charges("limit=100"))).path("data").get(0);
    assertThat(listed.path("status").asText()).isEqualTo("successful");
    assertThat(listed.path("amount").asLong()).isEqualTo(2200);
    assertThat(listed.at("/metadata/order_id").asText()).isEqualTo("84");
  }
}
