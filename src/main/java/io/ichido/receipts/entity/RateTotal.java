package io.ichido.receipts.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;

/** One tax rate of a document: the amount at that rate, tax included, and the tax in it. */
@Embeddable
public class RateTotal {

  @Column(name = "tax_rate", nullable = false)
  private int rate;

  @Column(nullable = false)
  private long amount;

  @Column(nullable = false)
  private long tax;

  protected RateTotal() {}

  public RateTotal(int rate, long amount, long tax) {
    if (amount < 0 || tax < 0 || tax > amount) {
      throw new IllegalArgumentException(
          "At " + rate + " %: 0 <= tax <= amount, not " + tax + " of " + amount + ".");
    }
    this.rate = rate;
    this.amount = amount;
    this.tax = tax;
  }

  public int rate() {
    return rate;
  }

  public long amount() {
    return amount;
  }

  public long tax() {
    return tax;
  }
}
