package io.ichido.payments.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.ichido.platform.control.Json;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GatewayHttpTest {

  private static JsonNode amount(String json) throws Exception {
    return Json.MAPPER.readTree("{\"amount\": " + json + "}");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"0", "2592", "99999999", "9223372036854775807"})
  @DisplayName("a whole number of the smallest unit is read as it was sent")
  void wholeNumbers(String json) throws Exception {
    assertThat(GatewayHttp.amount("komoju", amount(json), "amount"))
        .isEqualTo(Long.parseLong(json));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "1296.9",
        "2592.0",
        "\"2592\"",
        "-1",
        "1e3",
        "9223372036854775808",
        "true",
        "null"
      })
  @DisplayName("anything else is a word we do not know, never rounded or converted")
  void otherWords(String json) throws Exception {
    assertThatThrownBy(() -> GatewayHttp.amount("komoju", amount(json), "amount"))
        .isInstanceOf(UnheardWord.class)
        .hasMessageContaining("amount");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"{}", "{\"amount\": null}"})
  @DisplayName(
      "a field the gateway may leave out is what the caller says then; a missing one is not")
  void leftOut(String json) throws Exception {
    JsonNode body = Json.MAPPER.readTree(json);
    assertThat(GatewayHttp.amountOr("omise", body, "amount", 7)).isEqualTo(7);
    assertThatThrownBy(() -> GatewayHttp.amount("omise", body, "amount"))
        .isInstanceOf(UnheardWord.class);
  }
}
