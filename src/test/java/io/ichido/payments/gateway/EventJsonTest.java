package io.ichido.payments.gateway;

import static io.ichido.webhooks.control.Deliveries.rejected;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** How every dialect reads a body it has authenticated. */
class EventJsonTest {

  private static JsonNode json(String text) {
    return EventJson.parse("test", text.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  @DisplayName("a body is a JSON object, or it is refused as what it is")
  void parse() {
    assertThat(json("{\"id\":\"evt_1\"}").path("id").asText()).isEqualTo("evt_1");
    rejected(() -> json("[1]"), "not a JSON object");
    rejected(() -> json("\"evt_1\""), "not a JSON object");
    rejected(() -> json(""), "not a JSON object");
    rejected(() -> json("{\"id\":"), "not JSON");
  }

  @Test
  @DisplayName("a required field is its text; absent, null or blank it is refused by name")
  void required() {
    JsonNode event = json("{\"id\":\"evt_1\",\"n\":7,\"none\":null,\"blank\":\" \"}");

    assertThat(EventJson.required("test", event, "id")).isEqualTo("evt_1");
    assertThat(EventJson.required("test", event, "n")).isEqualTo("7");
    rejected(() -> EventJson.required("test", event, "absent"), "event has no absent");
    rejected(() -> EventJson.required("test", event, "none"), "event has no none");
    rejected(() -> EventJson.required("test", event, "blank"), "event has no blank");
  }

  @Test
  @DisplayName("an optional field is its text, or null when absent or JSON null")
  void text() {
    JsonNode event = json("{\"id\":\"evt_1\",\"none\":null,\"empty\":\"\"}");

    assertThat(EventJson.text(event, "id")).isEqualTo("evt_1");
    assertThat(EventJson.text(event, "empty")).isEmpty();
    assertThat(EventJson.text(event, "none")).isNull();
    assertThat(EventJson.text(event, "absent")).isNull();
  }

  @Test
  @DisplayName("metadata.order_id is our order id when it is a number, else there is none")
  void orderId() {
    assertThat(EventJson.orderId(json("{\"order_id\":\"42\"}"))).isEqualTo(42L);
    assertThat(EventJson.orderId(json("{\"order_id\":42}"))).isEqualTo(42L);
    assertThat(EventJson.orderId(json("{}"))).isNull();
    assertThat(EventJson.orderId(json("{\"order_id\":null}"))).isNull();
    assertThat(EventJson.orderId(json("{\"order_id\":\"ORDER-42\"}"))).isNull();
    assertThat(EventJson.orderId(json("{\"order_id\":\"\"}"))).isNull();
    assertThat(EventJson.orderId(json("{}").path("metadata"))).isNull();
  }
}
