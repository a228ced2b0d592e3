package io.ichido.notifications.entity;

import java.util.Objects;

/** An email as a sender claimed it: what it needs to hand it to SMTP with no database at hand. */
public record ClaimedEmail(
    long id,
    String dedupeKey,
    Long orderId,
    String recipient,
    String subject,
    String body,
    int attempts) {

  public ClaimedEmail {
    Objects.requireNonNull(dedupeKey, "The dedupe key is required.");
    Objects.requireNonNull(recipient, "The recipient is required.");
  }

  /** The same for every attempt, so that a copy sent twice can be spotted as one message. */
  public String messageId() {
    return "<outbox-" + id + "@ichido>";
  }
}
