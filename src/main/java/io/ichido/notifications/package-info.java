/**
 * Notifications: the emails customers get about their payments (a receipt, an expiry notice).
 *
 * <p>Rules: an email is written to the outbox in the transaction that decided it, under a key that
 * names its reason ({@code receipt:<order>}), so one fact queues one email however often it is
 * told; it is sent only after that transaction committed, by a drain that retries with back-off
 * until the SMTP server takes it. Sending is at least once towards SMTP: a crash between the
 * server's accept and our commit would send again, which is the one duplicate no outbox can rule
 * out.
 */
package io.ichido.notifications;
