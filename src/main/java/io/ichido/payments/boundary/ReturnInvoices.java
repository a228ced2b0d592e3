package io.ichido.payments.boundary;

import java.time.Instant;
import java.util.Optional;

/**
 * The return invoices (適格返還請求書) refunds caused, as payments show them in a refund's answer:
 * implemented by the receipts capability, which issues them as orders are refunded (and depends on
 * payments, never the other way round).
 */
public interface ReturnInvoices {

  /**
   * The first return invoice of the order that covers its refunded total up to {@code through}: the
   * one a refund that brought the total there caused. Empty when none was issued (yet, or at all: a
   * small refund where they are configured off).
   */
  Optional<Issued> covering(long orderId, long through);

  /** A return invoice's number and when it was issued. */
  record Issued(String number, long amount, long tax, Instant issuedAt) {}
}
