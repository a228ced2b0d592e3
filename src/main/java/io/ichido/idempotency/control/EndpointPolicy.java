package io.ichido.idempotency.control;

import io.ichido.idempotency.boundary.Idempotent;
import io.ichido.idempotency.boundary.Idempotent.Failures;
import java.time.Duration;
import java.util.Optional;

/**
 * What one {@code @Idempotent} endpoint asks of the layer, read from its annotation once: where its
 * key is, what of its body counts, how much of an answer is kept, and which failures.
 *
 * @param keyPointer where in the body the key is; empty: in the header
 * @param maxStoredBytes the largest answer body recorded with a key
 */
public record EndpointPolicy(
    boolean required,
    Optional<BodyPointer> keyPointer,
    BodySelection selection,
    Duration retention,
    long maxStoredBytes,
    Failures failures,
    boolean transactional) {

  /** The policy of an endpoint with {@code settings} (null: the defaults) under {@code config}. */
  public static EndpointPolicy of(Idempotent settings, IdempotencyConfig config) {
    if (settings == null) {
      return new EndpointPolicy(
          true,
          Optional.empty(),
          BodySelection.WHOLE,
          config.retention(),
          config.maxStoredResponseBytes(),
          Failures.KEPT,
          true);
    }
    Optional<BodyPointer> key =
        settings.keyPointer().isEmpty()
            ? Optional.empty()
            : Optional.of(
                BodyPointer.parse(settings.keyPointer())
                    .pointer()
                    .orElseThrow(
                        () ->
                            new IllegalArgumentException(
                                "@Idempotent keyPointer " + settings.keyPointer())));
    return new EndpointPolicy(
        settings.required(),
        key,
        BodySelection.of(settings.fingerprintInclude(), settings.fingerprintExclude()),
        settings.retention().isBlank()
            ? config.retention()
            : Duration.parse(settings.retention().strip()),
        settings.maxStoredBytes() < 0 ? config.maxStoredResponseBytes() : settings.maxStoredBytes(),
        settings.failures(),
        settings.transactional());
  }

  /**
   * Whether an answer with this status is recorded with the key; a transient failure never is,
   * whatever this says.
   */
  public boolean keeps(int status) {
    return status < 400 || failures == Failures.KEPT;
  }

  /** Whether a failed request's key keeps its request, so that only the same request runs again. */
  public boolean keepsRequestAfterFailure() {
    return failures == Failures.RETRIED;
  }
}
