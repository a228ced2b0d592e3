package io.ichido.receipts.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** What documents refunds get, from {@code ichido.receipts.*}. */
@ApplicationScoped
public class ReceiptSettings {

  /**
   * Below this (10,000 yen, tax included) the invoice rules excuse a return invoice (少額な返還等の 特例,
   * from October 2023); Ichido issues one anyway unless configured off.
   */
  static final long SMALL_REFUND = 10_000;

  /**
   * Whether a refund under 10,000 yen still gets a return invoice (the default: the customer and
   * the books then hold one document per refund, whatever its size).
   */
  @Inject
  @ConfigProperty(name = "ichido.receipts.small-refund-invoices", defaultValue = "true")
  boolean smallRefundInvoices;

  public boolean smallRefundInvoices() {
    return smallRefundInvoices;
  }
}
