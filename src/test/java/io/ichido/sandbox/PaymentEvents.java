package io.ichido.sandbox;

/**
 * Told when a payment's status changes after the request that created it: an asynchronous payment
 * completed or expired through the control API, or 3-D Secure completed. {@link WebhookSender}
 * subscribes (through {@link Ledger#subscribe}) and turns each change into the gateway's webhook;
 * it is called in the thread that changed the status, after the ledger's lock is released.
 */
@FunctionalInterface
interface PaymentEvents {

  void statusChanged(LedgerEntry entry);
}
