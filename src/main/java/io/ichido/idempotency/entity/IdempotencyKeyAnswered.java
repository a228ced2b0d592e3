package io.ichido.idempotency.entity;

/**
 * A request was answered from the idempotency store, without running the endpoint: a stored answer
 * replayed, a key in use by a concurrent twin, or a key reused for another request. Fired as a CDI
 * event (outside any transaction) for whoever keeps records, by the layer's filter and by any
 * caller of {@code IdempotencyStore} that answers from it the same way; nothing in the layer
 * observes it.
 */
public record IdempotencyKeyAnswered(
    Outcome outcome, String scope, String key, String method, String path, int status) {

  /** How the layer answered. */
  public enum Outcome {
    REPLAYED,
    IN_USE,
    REUSED
  }
}
