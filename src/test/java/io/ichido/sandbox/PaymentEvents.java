package io.ichido.sandbox;

/**
 * Told when a payment's status changes after the request that created it: an asynchronous payment
 * completed or expired through the control API, or 3-D Secure completed. This is where webhook
 * delivery will subscribe (through {@link Ledger#subscribe}); nothing subscribes yet, so nothing is
 * sent.
 */
@FunctionalInterface
interface PaymentEvents {

  void statusChanged(LedgerEntry entry);
}
