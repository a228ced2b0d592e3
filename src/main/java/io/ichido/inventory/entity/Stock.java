package io.ichido.inventory.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;

/** Units of one SKU on hand, and how many of them orders have reserved. */
@Entity
@Table(name = "stock")
@NamedQuery(
    name = Stock.RESERVE,
    query =
        "UPDATE Stock s SET s.reserved = s.reserved + :quantity"
            + " WHERE s.sku = :sku AND s.onHand - s.reserved >= :quantity")
@NamedQuery(
    name = Stock.SELL,
    query =
        "UPDATE Stock s SET s.onHand = s.onHand - :quantity, s.reserved = s.reserved - :quantity"
            + " WHERE s.sku = :sku")
@NamedQuery(
    name = Stock.RELEASE,
    query = "UPDATE Stock s SET s.reserved = s.reserved - :quantity WHERE s.sku = :sku")
public class Stock {

  public static final String RESERVE = "Stock.reserve";
  public static final String SELL = "Stock.sell";
  public static final String RELEASE = "Stock.release";

  @Id private String sku;

  @Column(name = "on_hand", nullable = false)
  private int onHand;

  @Column(nullable = false)
  private int reserved;

  protected Stock() {}

  public String sku() {
    return sku;
  }

  public int onHand() {
    return onHand;
  }

  public int reserved() {
    return reserved;
  }

  public int available() {
    return onHand - reserved;
  }
}
