package io.ichido.sandbox;

/**
 * Told when a payment's status changes after the request that created it: an asynchronous payment
 * completed or expired through the control API, 3-D Secure completed, or (part of) a paid payment
 * refunded through the control API (then the entry's status is partially or fully refunded and its
 * {@code amountRefunded} counts this refund). {@link WebhookSender} subscribes (through {@link
 * Ledger#subscribe}) and turns each change into the gateway's webhook; it is called in the thread
 * that changed the status, after the ledger's lock is released.
 */
@FunctionalInterface
interface PaymentEvents {

  void statusChanged(LedgerEntry entry);
}
