package io.ichido.payments.control;

/** What the first phase of a charge decided, under the order's lock. */
sealed interface ChargeStep {

  /** Nothing to send: the caller's attempt has its answer already. */
  record Done(ChargeOutcome outcome) implements ChargeStep {}

  /** A new attempt is committed: send this command, then record the answer. */
  record Send(long attemptId, ChargeCommand command) implements ChargeStep {}

  /**
   * An attempt of this order is in doubt ({@code own}: the caller's own, under the same key): ask
   * the gateway about it before anything else may be charged.
   */
  record Reconcile(long attemptId, boolean own) implements ChargeStep {}
}
