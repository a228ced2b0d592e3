package io.ichido.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpRequest;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** KOMOJU's payments list as the sandbox serves it for reconciliation. */
class SandboxKomojuPaymentsListTest extends SandboxTestSupport {

  private HttpRequest payments(String query) {
    return request("/komoju/api/v1/payments?" + query)
        .header("Authorization", basic("sk_test_sandbox"))
        .GET()
        .build();
  }

  private String paid(String order) throws Exception {
    return json(send(komoju("k-" + order, komojuBody(order, "\"tok_visa\"")))).get("id").asText();
  }

  private static List<String> ids(JsonNode page) {
    List<String> ids = new ArrayList<>();
    page.path("data").forEach(payment -> ids.add(payment.path("id").asText()));
    return ids;
  }

  @Test
  @DisplayName("newest first, per_page of page with last_page, start_time and end_time strict")
  void pages() throws Exception {
    String first = paid("91");
    String second = paid("92");
    String third = paid("93");

    JsonNode page = json(send(payments("per_page=2")));
    assertThat(page.path("resource").asText()).isEqualTo("list");
    assertThat(page.path("total").asInt()).isEqualTo(3);
    assertThat(page.path("last_page").asInt()).isEqualTo(2);
    assertThat(ids(page)).containsExactly(third, second);
    assertThat(ids(json(send(payments("per_page=2&page=2"))))).containsExactly(first);
    String created = page.path("data").get(0).path("created_at").asText();
    assertThat(ids(json(send(payments("start_time=" + created))))).doesNotContain(third);
    assertThat(ids(json(send(payments("end_time=" + created))))).doesNotContain(third);
    assertThat(page.path("data").get(0).path("status").asText()).isEqualTo("captured");
  }

  @Test
  @DisplayName("no kinder than KOMOJU: per_page under 1 refused (invalid_parameter)")
  void refusals() throws Exception {
    var refused = send(payments("per_page=0"));
    assertThat(refused.statusCode()).isEqualTo(400);
    assertThat(json(refused).at("/error/code").asText()).isEqualTo("invalid_parameter");
    assertThat(send(payments("start_time=yesterday")).statusCode()).isEqualTo(400);
  }
}
