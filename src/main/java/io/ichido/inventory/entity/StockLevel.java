package io.ichido.inventory.entity;

/** What {@code GET /api/inventory/{sku}} answers. */
public record StockLevel(String sku, int onHand, int reserved, int available) {

  public static StockLevel of(Stock stock) {
    return new StockLevel(stock.sku(), stock.onHand(), stock.reserved(), stock.available());
  }
}
