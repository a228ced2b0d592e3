package io.ichido.idempotency.entity;

import java.time.Duration;
import java.util.Objects;

/** What a request asks for when it wants to run under a key. */
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
  }
}
