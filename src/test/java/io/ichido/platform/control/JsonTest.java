package io.ichido.platform.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonMappingException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class JsonTest {

  record Body(Long amount, Integer quantity, Boolean repeat, String currency) {}

  private static Body read(String json) throws Exception {
    return Json.MAPPER.readValue(json, Body.class);
  }

  @Test
  void valuesOfTheirOwnKindAreTakenAsSent() throws Exception {
    assertThat(read("{\"amount\":1296,\"quantity\":3,\"repeat\":true,\"currency\":\"JPY\"}"))
        .isEqualTo(new Body(1296L, 3, true, "JPY"));
    assertThat(read("{\"amount\":null}")).isEqualTo(new Body(null, null, null, null));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{\"amount\":1296.9}",
        "{\"amount\":1296.0}",
        "{\"amount\":1.2e3}",
        "{\"amount\":\"100\"}",
        "{\"amount\":\"\"}",
        "{\"amount\":true}",
        "{\"amount\":9223372036854775808}",
        "{\"quantity\":1.5}",
        "{\"quantity\":\"1\"}",
        "{\"quantity\":2147483648}",
        "{\"repeat\":1}",
        "{\"repeat\":\"true\"}",
        "{\"currency\":392}",
        "{\"currency\":true}"
      })
  void anotherKindIsRefusedNeverConverted(String json) {
    // With the field's path, which the 400 problem names (JsonFailureMapper).
    assertThatThrownBy(() -> read(json))
        .isInstanceOfSatisfying(
            JsonMappingException.class, refused -> assertThat(refused.getPath()).hasSize(1));
  }
}
