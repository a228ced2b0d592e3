package io.ichido.payments.boundary;

import io.ichido.payments.control.Cancellations;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * What payments offer an order's cancel: its payments are ended at their gateways first (or
 * settled, where one was in doubt), then the order is called off under its lock ({@code
 * PaymentCancelled}), for the orders capability to cancel it. Never inside a transaction.
 */
@ApplicationScoped
public class PaymentCancellations {

  @Inject Cancellations cancellations;

  /**
   * Cancels the caller's unpaid order, or throws the problem that says why not (paid: refund it
   * instead; ended otherwise; a payment still in doubt: retry). Answers whether this call cancelled
   * it; false when it was cancelled already and nothing changed.
   */
  public boolean cancel(String owner, long orderId, String reason) {
    return cancellations.cancel(owner, orderId, reason);
  }
}
