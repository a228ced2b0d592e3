package io.ichido.idempotency.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class IdempotencyScopeTest {

  @Test
  void authenticatedCallerIsTheScope() {
    assertThat(IdempotencyScope.of("shop-a", "", null)).isEqualTo("principal:shop-a");
  }

  @Test
  @DisplayName(
      "no principal and no scope header: refused, never one scope for all anonymous callers")
  void anonymousWithoutScopeIsRefused() {
    assertThatThrownBy(() -> IdempotencyScope.of(null, "", null))
        .isInstanceOf(UnscopedAnonymousRequest.class);
    assertThatThrownBy(() -> IdempotencyScope.of(null, " ", List.of("t1")))
        .isInstanceOf(UnscopedAnonymousRequest.class);
  }

  @Test
  @DisplayName("a named header is the scope, for authenticated callers too")
  void headerIsTheScope() {
    assertThat(IdempotencyScope.of(null, "X-Tenant", List.of("t1")))
        .isEqualTo("header:X-Tenant:t1");
    assertThat(IdempotencyScope.of("shop-a", "X-Tenant", List.of(" tenant 2 ")))
        .isEqualTo("header:X-Tenant:tenant 2");
    assertThat(IdempotencyScope.of(null, "X-Tenant", List.of("t1")))
        .isNotEqualTo(IdempotencyScope.of(null, "X-Tenant", List.of("t2")));
  }

  @Test
  void missingHeader() {
    for (List<String> none : java.util.Arrays.asList(null, List.<String>of())) {
      assertThatThrownBy(() -> IdempotencyScope.of("shop-a", "X-Tenant", none))
          .isInstanceOfSatisfying(
              InvalidScopeHeader.class,
              e -> {
                assertThat(e.missing()).isTrue();
                assertThat(e.header()).isEqualTo("X-Tenant");
              });
    }
  }

  @Test
  @DisplayName("twice, empty, longer than 128 characters or not printable ASCII: invalid")
  void invalidHeader() {
    assertThat(IdempotencyScope.of(null, "X-Tenant", List.of("t".repeat(128))))
        .isEqualTo("header:X-Tenant:" + "t".repeat(128));
    for (List<String> bad :
        List.of(
            List.of("t1", "t2"),
            List.of(""),
            List.of("  "),
            List.of("t".repeat(129)),
            List.of("tenant\u00e9"),
            List.of("a\tb"))) {
      assertThatThrownBy(() -> IdempotencyScope.of(null, "X-Tenant", bad))
          .as(bad.toString())
          .isInstanceOfSatisfying(InvalidScopeHeader.class, e -> assertThat(e.missing()).isFalse());
    }
  }
}
