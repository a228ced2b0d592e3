/**
 * Notifications: the emails customers get about their payments (a receipt, an expiry notice).
 *
 * <p>Rules: an email is written to the outbox in the transaction that decided it, under a key that
 * names its reason ({@code receipt:<order>}), so one fact queues one email however often it is
 * told; it is sent only after that transaction committed, by a bounded number of senders that retry
 * with back-off until the SMTP server takes it. No SMTP call happens while a transaction, row lock
 * or pooled connection is held: a sender leases a batch in one short transaction, sends, and
 * records each outcome in another, if its lease token still holds. Sending is at least once towards
 * SMTP: a crash between the server's accept and that record sends again after the lease, with the
 * same Message-ID, which is the one duplicate no outbox can rule out.
 */
package io.ichido.notifications;
