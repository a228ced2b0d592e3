package io.ichido.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ichido.idempotency.control.IdempotencyKeyHeader;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class OperationKeyAndRetryAfterTest {

  private static final Clock NOW =
      Clock.fixed(Instant.parse("2026-12-01T00:00:00Z"), ZoneOffset.UTC);

  @Test
  void aRandomKeyIsAVersion4Uuid() {
    assertThat(UUID.fromString(OperationKey.random().value()).version()).isEqualTo(4);
    assertThat(OperationKey.random()).isNotEqualTo(OperationKey.random());
  }

  @Test
  void aKeyTheServerWouldRefuseIsRefusedHereFirst() {
    assertThatThrownBy(() -> new OperationKey("")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new OperationKey("a b")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new OperationKey("注文")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new OperationKey("k".repeat(256)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(new OperationKey("k".repeat(255)).value()).hasSize(255);
  }

  @Test
  void theHeaderCarriesTheKeyAsAStructuredFieldString() {
    assertThat(new OperationKey("order-1").headerValue()).isEqualTo("\"order-1\"");
    assertThat(new OperationKey("a\"b\\c").headerValue()).isEqualTo("\"a\\\"b\\\\c\"");
    assertThat(IdempotencyKeyHeader.parse(List.of(new OperationKey("a\"b\\c").headerValue()), 255))
        .as("the server reads back the key the client meant")
        .isEqualTo("a\"b\\c");
  }

  @Test
  void retryAfterInSecondsOrAsAnHttpDate() {
    assertThat(RetryAfter.parse("2", NOW)).contains(Duration.ofSeconds(2));
    assertThat(RetryAfter.parse(" 120 ", NOW)).contains(Duration.ofSeconds(120));
    assertThat(RetryAfter.parse("Tue, 01 Dec 2026 00:00:30 GMT", NOW))
        .contains(Duration.ofSeconds(30));
    assertThat(RetryAfter.parse("Mon, 30 Nov 2026 23:00:00 GMT", NOW))
        .as("a date past")
        .contains(Duration.ZERO);
  }

  @Test
  void anUnreadableOrAbsurdRetryAfter() {
    assertThat(RetryAfter.parse(null, NOW)).isEmpty();
    assertThat(RetryAfter.parse("soon", NOW)).isEmpty();
    assertThat(RetryAfter.parse("-5", NOW)).isEmpty();
    assertThat(RetryAfter.parse("99999999999", NOW)).contains(RetryAfter.LONGEST);
  }
}
