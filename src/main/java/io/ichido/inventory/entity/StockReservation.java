package io.ichido.inventory.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

/**
 * One order's hold on units of one SKU. It ends exactly once: sold when the order is paid, released
 * when its payment fails or lapses.
 */
@Entity
@Table(name = "stock_reservation")
@IdClass(StockReservation.Key.class)
public class StockReservation {

  /** The composite primary key. */
  public record Key(Long orderId, String sku) implements Serializable {
    public Key() {
      this(null, null);
    }
  }

  /**
   * Where a reservation stands; RESERVED is the only state that may change, but for a RELEASED one
   * taken again when an operator accepts a late payment from review.
   */
  public enum State {
    RESERVED,
    SOLD,
    RELEASED
  }

  @Id
  @Column(name = "order_id")
  private Long orderId;

  @Id private String sku;

  @Column(nullable = false, updatable = false)
  private int quantity;

  @Enumerated(EnumType.STRING)
  @Column(nullable = false)
  private State state;

  @Column(name = "reserved_at", nullable = false, updatable = false)
  private Instant reservedAt;

  @Column(name = "settled_at")
  private Instant settledAt;

  protected StockReservation() {}

  public StockReservation(long orderId, String sku, int quantity) {
    this.orderId = orderId;
    this.sku = Objects.requireNonNull(sku, "A SKU is required.");
    if (quantity <= 0) {
      throw new IllegalArgumentException("A reservation must be positive: " + quantity);
    }
    this.quantity = quantity;
    this.state = State.RESERVED;
    this.reservedAt = Instant.now().truncatedTo(ChronoUnit.MICROS);
  }

  public long orderId() {
    return orderId;
  }

  public String sku() {
    return sku;
  }

  public int quantity() {
    return quantity;
  }

  public State state() {
    return state;
  }
}
