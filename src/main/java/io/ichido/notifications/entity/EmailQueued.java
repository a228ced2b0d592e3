package io.ichido.notifications.entity;

/** An email was written to the outbox; observed after commit to send it without waiting. */
public record EmailQueued(String dedupeKey) {}
