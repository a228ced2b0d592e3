package io.ichido.payments.control;

import io.ichido.payments.entity.ChargeAttempt;

/** Whether an attempt in doubt was taken over for asking the gateway about it. */
sealed interface ReconcileClaim {

  /** No longer in doubt: someone (a webhook, another request) settled it meanwhile. */
  record Settled() implements ReconcileClaim {}

  /** A live request or reconciliation holds it: ask again after this many seconds. */
  record Held(String gateway, long orderId, long retryAfterSeconds) implements ReconcileClaim {}

  /**
   * Too early to ask the gateway: asked before without an answer (its backoff has not passed), or
   * too young to be looked up at a gateway whose search may not show a charge at once and that
   * cannot be sent the same request again. Ask after this many seconds; {@code why} says which.
   */
  record TooEarly(String gateway, long orderId, long retryAfterSeconds, String why)
      implements ReconcileClaim {}

  /** Ours to ask about: send its request again (within the resend window) or look it up. */
  record Claimed(ChargeAttempt attempt, boolean resend) implements ReconcileClaim {}
}
