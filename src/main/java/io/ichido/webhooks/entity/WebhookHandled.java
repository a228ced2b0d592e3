package io.ichido.webhooks.entity;

/**
 * An authenticated webhook delivery was handled: received (authenticated, before anything else),
 * processed (fired inside the transaction of its effects) or a duplicate (the others are fired
 * outside any transaction). {@code reason} is what processing it did. Rejected deliveries fire
 * nothing: they are not authenticated, so nothing of them is kept.
 */
public record WebhookHandled(
    String gateway,
    String eventId,
    String type,
    Outcome outcome,
    String chargeId,
    Long amount,
    String currency,
    String reason) {

  /** How the delivery ended. */
  public enum Outcome {
    RECEIVED,
    PROCESSED,
    DUPLICATE
  }
}
