package io.ichido.inventory.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A sellable item. Prices are tax-exclusive whole yen. */
@Entity
@Table(name = "product")
public class Product {

  @Id private String sku;

  @Column(nullable = false)
  private String name;

  @Column(name = "unit_price", nullable = false)
  private long unitPrice;

  /** Consumption tax in percent: 10 standard, 8 reduced (food, newspapers). */
  @Column(name = "tax_rate", nullable = false)
  private int taxRate;

  protected Product() {}

  public String sku() {
    return sku;
  }

  public String name() {
    return name;
  }

  public long unitPrice() {
    return unitPrice;
  }

  public int taxRate() {
    return taxRate;
  }
}
