package io.ichido.payments.control;

import io.ichido.payments.entity.ChargeAttempt;

/** Whether an attempt in doubt was taken over for asking the gateway about it. */
sealed interface ReconcileClaim {

  /** No longer in doubt: someone (a webhook, another request) settled it meanwhile. */
  record Settled() implements ReconcileClaim {}

  /** A live request or reconciliation holds it: ask again after this many seconds. */
  record Held(String gateway, long orderId, long retryAfterSeconds) implements ReconcileClaim {}

  /**
   * Too young to be looked up at a gateway whose search may not show a charge at once and that
   * cannot be sent the same request again: ask after this many seconds.
   */
  record TooEarly(String gateway, long orderId, long retryAfterSeconds) implements ReconcileClaim {}

  /** Ours to ask about: send its request again (within the resend window) or look it up. */
  record Claimed(ChargeAttempt attempt, boolean resend) implements ReconcileClaim {}
}
