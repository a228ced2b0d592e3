package io.ichido.idempotency.entity;

import java.util.UUID;

/** What claiming a key gave: the right to run, or the answer a previous run recorded. */
public sealed interface ClaimOutcome {

  /** This request runs; {@code token} fences its completion against a later takeover. */
  record Claimed(String scope, String key, UUID token) implements ClaimOutcome {}

  /** The key already completed with this answer. */
  record Completed(StoredResponse response) implements ClaimOutcome {}

  /**
   * Another request holds the key, for at most {@code retryAfterSeconds} more (its lease): the
   * filter tells the twin less when the endpoint usually finishes sooner.
   */
  record InUse(long retryAfterSeconds) implements ClaimOutcome {}

  /** The key was first used for a different method, path or body. */
  record Mismatch() implements ClaimOutcome {}
}
