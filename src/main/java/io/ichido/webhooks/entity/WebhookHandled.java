package io.ichido.webhooks.entity;

/**
 * A webhook delivery was handled: received (authenticated, before anything else), processed (fired
 * inside the transaction of its effects), a duplicate, or rejected (all but processed are fired
 * outside any transaction). {@code reason} is why it was rejected or what processing it did.
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
    DUPLICATE,
    REJECTED
  }
}
