package io.ichido.idempotency.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IdempotencyKeyHeaderTest {

  @Test
  void absentHeaderIsNoKey() {
    assertThat(IdempotencyKeyHeader.parse(null, 255)).isNull();
    assertThat(IdempotencyKeyHeader.parse(List.of(), 255)).isNull();
  }

  @Test
  void plainAndQuotedKeys() {
    assertThat(IdempotencyKeyHeader.parse(List.of("8e03978e-40d5-43e8"), 255))
        .isEqualTo("8e03978e-40d5-43e8");
    assertThat(IdempotencyKeyHeader.parse(List.of("\"8e03978e-40d5-43e8\""), 255))
        .isEqualTo("8e03978e-40d5-43e8");
    assertThat(IdempotencyKeyHeader.parse(List.of("\"a\\\"b\\\\c\""), 255)).isEqualTo("a\"b\\c");
  }

  @Test
  void lengthLimit() {
    assertThat(IdempotencyKeyHeader.parse(List.of("k".repeat(255)), 255)).hasSize(255);
    assertThatThrownBy(() -> IdempotencyKeyHeader.parse(List.of("k".repeat(256)), 255))
        .isInstanceOf(InvalidIdempotencyKey.class);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "\"\"",
        "with space",
        "tab\t",
        "ünïcode",
        "日本",
        "del\u007f",
        "\"x\\y\"",
        "\"a\"b\""
      })
  void invalidKeys(String key) {
    assertThatThrownBy(() -> IdempotencyKeyHeader.parse(List.of(key), 255))
        .isInstanceOf(InvalidIdempotencyKey.class);
  }

  @Test
  void twoHeadersAreRefused() {
    assertThatThrownBy(() -> IdempotencyKeyHeader.parse(List.of("a", "b"), 255))
        .isInstanceOf(InvalidIdempotencyKey.class);
  }
}
