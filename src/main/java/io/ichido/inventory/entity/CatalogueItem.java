package io.ichido.inventory.entity;

/**
 * One product as {@code GET /api/catalogue} lists it (named as an order's lines are): its
 * tax-exclusive unit price in whole yen, its consumption tax rate in percent, and the units a new
 * order may still reserve.
 */
public record CatalogueItem(String sku, String name, long unitPrice, int taxRate, int available) {

  public static CatalogueItem of(Product product, Stock stock) {
    return new CatalogueItem(
        product.sku(),
        product.name(),
        product.unitPrice(),
        product.taxRate(),
        Math.max(0, stock.available()));
  }
}
