package io.ichido.orders.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;

/** Consumption tax at one rate over the whole order, as a qualified invoice shows it. */
@Embeddable
public class TaxLine {

  @Column(name = "tax_rate", nullable = false)
  private int rate;

  @Column(nullable = false)
  private long taxable;

  @Column(nullable = false)
  private long tax;

  protected TaxLine() {}

  TaxLine(int rate, long taxable) {
    this.rate = rate;
    this.taxable = taxable;
    this.tax = Math.floorDiv(Math.multiplyExact(taxable, (long) rate), 100L);
  }

  public int rate() {
    return rate;
  }

  public long taxable() {
    return taxable;
  }

  public long tax() {
    return tax;
  }
}
