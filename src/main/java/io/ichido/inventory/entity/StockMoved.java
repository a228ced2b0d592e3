package io.ichido.inventory.entity;

/** Units of one SKU were reserved for an order, sold to it, or released from it. */
public record StockMoved(long orderId, String sku, int quantity, Movement movement) {

  /** What happened to the units. */
  public enum Movement {
    RESERVED,
    SOLD,
    RELEASED
  }
}
