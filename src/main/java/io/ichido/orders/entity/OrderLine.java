package io.ichido.orders.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import java.util.Objects;

/** One SKU of an order, with the price and tax rate that applied when it was placed. */
@Embeddable
public class OrderLine {

  @Column(nullable = false)
  private String sku;

  @Column(nullable = false)
  private String name;

  @Column(nullable = false)
  private int quantity;

  @Column(name = "unit_price", nullable = false)
  private long unitPrice;

  @Column(name = "tax_rate", nullable = false)
  private int taxRate;

  protected OrderLine() {}

  public OrderLine(String sku, String name, int quantity, long unitPrice, int taxRate) {
    this.sku = Objects.requireNonNull(sku, "A SKU is required.");
    this.name = Objects.requireNonNull(name, "A name is required.");
    if (quantity <= 0) {
      throw new IllegalArgumentException("Quantity must be positive: " + quantity);
    }
    if (unitPrice < 0) {
      throw new IllegalArgumentException("Unit price must not be negative: " + unitPrice);
    }
    this.quantity = quantity;
    this.unitPrice = unitPrice;
    this.taxRate = taxRate;
  }

  public String sku() {
    return sku;
  }

  public String name() {
    return name;
  }

  public int quantity() {
    return quantity;
  }

  public long unitPrice() {
    return unitPrice;
  }

  public int taxRate() {
    return taxRate;
  }

  /** Tax-exclusive amount of the line. */
  public long amount() {
    return Math.multiplyExact(unitPrice, (long) quantity);
  }
}
