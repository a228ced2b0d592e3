package io.ichido.idempotency.control;

import static org.assertj.core.api.Assertions.assertThat;

import io.ichido.idempotency.boundary.TransientFailure;
import java.io.IOException;
import java.io.Serial;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class TransientFailuresTest {

  private static final class GatewayBusy extends RuntimeException implements TransientFailure {
    @Serial private static final long serialVersionUID = 1L;
  }

  private static final class ProxyRefused extends ConnectException {
    @Serial private static final long serialVersionUID = 1L;
  }

  private final TransientFailures failures = new TransientFailures();

  TransientFailuresTest() {
    failures.config = new IdempotencyConfig();
    failures.config.transientExceptions = List.of("java.net.ConnectException", " ");
    failures.config.releaseOnServerError = true;
  }

  @Test
  @DisplayName("an exception marked TransientFailure is transient, also as a cause")
  void markedExceptionsAreTransient() {
    assertThat(failures.isTransient(new GatewayBusy())).isTrue();
    assertThat(failures.isTransient(new IllegalStateException("wrapped", new GatewayBusy())))
        .isTrue();
  }

  @Test
  @DisplayName("a configured class name is transient, also for subclasses and as a cause")
  void configuredNamesAreTransient() {
    assertThat(failures.isTransient(new ConnectException("refused"))).isTrue();
    assertThat(failures.isTransient(new ProxyRefused())).isTrue();
    assertThat(
            failures.isTransient(
                new UncheckedIOException(new IOException(new ConnectException("refused")))))
        .isTrue();
  }

  @Test
  void otherFailuresAreNot() {
    assertThat(failures.isTransient(new IllegalStateException("a bug"))).isFalse();
    assertThat(failures.isTransient(new IOException("disk"))).isFalse();
  }

  @Test
  void serverErrorsAreTransientUnlessConfiguredOtherwise() {
    assertThat(failures.isTransient(503)).isTrue();
    assertThat(failures.isTransient(409)).isFalse();
    failures.config.releaseOnServerError = false;
    assertThat(failures.isTransient(503)).isFalse();
  }
}
