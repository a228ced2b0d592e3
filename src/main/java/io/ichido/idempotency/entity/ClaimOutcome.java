package io.ichido.idempotency.entity;

import java.time.Instant;
import java.util.UUID;

/**
 * What claiming a key gave: the right to run, or the answer a previous run recorded. Each outcome
 * says when the key it found expires ({@code expiresAt}; null where the caller made the outcome
 * itself, as a release does).
 */
public sealed interface ClaimOutcome {

  /** When the key is forgotten; null when not known. */
  Instant expiresAt();

  /** This request runs; {@code token} fences its completion against a later takeover. */
  record Claimed(String scope, String key, UUID token, Instant expiresAt) implements ClaimOutcome {

    /** A claim known by its token only (to release it). */
    public Claimed(String scope, String key, UUID token) {
      this(scope, key, token, null);
    }
  }

  /** The key already completed with this answer. */
  record Completed(StoredResponse response, Instant expiresAt) implements ClaimOutcome {

    public Completed(StoredResponse response) {
      this(response, null);
    }
  }

  /**
   * Another request holds the key, for at most {@code retryAfterSeconds} more (its lease): the
   * filter tells the twin less when the endpoint usually finishes sooner.
   */
  record InUse(long retryAfterSeconds, Instant expiresAt) implements ClaimOutcome {

    public InUse(long retryAfterSeconds) {
      this(retryAfterSeconds, null);
    }
  }

  /** The key was first used for a different method, path or body. */
  record Mismatch(Instant expiresAt) implements ClaimOutcome {

    public Mismatch() {
      this(null);
    }
  }
}
