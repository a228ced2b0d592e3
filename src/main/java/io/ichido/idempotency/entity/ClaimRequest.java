package io.ichido.idempotency.entity;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * What a request asks for when it wants to run under a key. Its retention must be longer than its
 * lease: a claim takes over a key whose retention has ended, in flight or not.
 */
public record ClaimRequest(
    String scope,
    String key,
    String fingerprint,
    String method,
    String path,
    Duration retention,
    Duration lease) {

  public ClaimRequest {
    Objects.requireNonNull(scope, "A scope is required.");
    Objects.requireNonNull(key, "A key is required.");
    Objects.requireNonNull(fingerprint, "A fingerprint is required.");
    Objects.requireNonNull(method, "A method is required.");
    Objects.requireNonNull(path, "A path is required.");
    Objects.requireNonNull(retention, "A retention is required.");
    Objects.requireNonNull(lease, "A lease is required.");
    retentionProblem("the retention", retention, "the lease", lease)
        .ifPresent(
            problem -> {
              throw new IllegalArgumentException(problem);
            });
  }

  /**
   * Empty when a key is remembered longer than a request may hold it, else one sentence naming both
   * settings and their values, for a configuration check to refuse the application with.
   */
  public static Optional<String> retentionProblem(
      String retentionSetting, Duration retention, String leaseSetting, Duration lease) {
    if (retention.compareTo(lease) > 0) {
      return Optional.empty();
    }
    return Optional.of(
        "A request could run twice under one key: "
            + retentionSetting
            + " ("
            + retention
            + ") is not longer than "
            + leaseSetting
            + " ("
            + lease
            + "), and a key whose retention has ended is taken over by the next request with it,"
            + " even while its first request still runs. Make the retention longer than the"
            + " lease.");
  }
}
