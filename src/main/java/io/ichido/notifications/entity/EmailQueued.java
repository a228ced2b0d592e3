package io.ichido.notifications.entity;

/**
 * An email was written to the outbox (in the transaction that decided it); observed after commit to
 * send it without waiting.
 */
public record EmailQueued(String dedupeKey, Long orderId, String recipient) {}
