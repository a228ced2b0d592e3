package io.ichido.inventory.boundary;

import io.ichido.inventory.control.Inventory;
import io.ichido.inventory.control.UnknownSku;
import io.ichido.orders.boundary.Stockroom;
import io.ichido.orders.entity.PricedItem;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** The shop's stock as orders need it: the catalogue's prices and reservations against it. */
@ApplicationScoped
public class ShopStockroom implements Stockroom {

  @Inject Inventory inventory;

  @Override
  public boolean sells(String sku) {
    return inventory.product(sku).isPresent();
  }

  @Override
  public PricedItem priced(String sku) {
    return inventory
        .product(sku)
        .map(p -> new PricedItem(p.sku(), p.name(), p.unitPrice(), p.taxRate()))
        .orElseThrow(() -> new UnknownSku(sku));
  }

  @Override
  public void reserve(long orderId, String sku, int quantity) {
    inventory.reserve(orderId, sku, quantity);
  }

  @Override
  public boolean retake(long orderId) {
    return inventory.retake(orderId);
  }
}
