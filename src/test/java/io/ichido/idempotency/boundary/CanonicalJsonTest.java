package io.ichido.idempotency.boundary;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class CanonicalJsonTest {

  private static Optional<String> canonical(String json) {
    return CanonicalJson.of(json.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  @DisplayName("object keys are sorted at every depth and whitespace is dropped")
  void sortsKeysAndDropsWhitespace() {
    assertThat(canonical("{ \"b\" : 2,\n \"a\" : { \"y\": [1, {\"d\":1,\"c\":2}], \"x\": null } }"))
        .hasValue("{\"a\":{\"x\":null,\"y\":[1,{\"c\":2,\"d\":1}]},\"b\":2}");
  }

  @Test
  void reorderedObjectsAreEqual() {
    assertThat(canonical("{\"a\":1,\"b\":2}")).isEqualTo(canonical("{ \"b\":2, \"a\":1 }"));
  }

  @Test
  @DisplayName("numbers are kept as written: 1, 1.0 and 1e0 differ")
  void numbersAsWritten() {
    assertThat(canonical("[1, 1.0, 1e0, -0, 12345678901234567890123]"))
        .hasValue("[1,1.0,1e0,-0,12345678901234567890123]");
  }

  @Test
  void arrayOrderMatters() {
    assertThat(canonical("[1,2]")).isNotEqualTo(canonical("[2,1]"));
  }

  @Test
  @DisplayName("strings are re-escaped the same way however they were written")
  void stringsNormalized() {
    assertThat(canonical("\"caf\\u00e9 \\/ 日本\"")).isEqualTo(canonical("\"café / 日本\""));
  }

  @Test
  @DisplayName("malformed JSON, trailing content and duplicate keys are not canonicalized")
  void malformed() {
    assertThat(canonical("{\"a\":")).isEmpty();
    assertThat(canonical("{\"a\":1} {\"b\":2}")).isEmpty();
    assertThat(canonical("{\"a\":1,\"a\":2}")).isEmpty();
    assertThat(canonical("")).isEmpty();
  }
}
