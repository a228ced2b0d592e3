package io.ichido.notifications.entity;

/** The SMTP server took an email ({@code sent}), or did not and it will be tried again (or not). */
public record EmailAttempted(
    String dedupeKey, Long orderId, boolean sent, int attempts, String outcome) {}
