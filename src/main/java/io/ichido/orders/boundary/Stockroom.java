package io.ichido.orders.boundary;

import io.ichido.orders.entity.PricedItem;

/**
 * What placing an order needs from the shop's stock, implemented by the inventory capability (which
 * follows orders' events, so orders never depend on it). Reservations are made in the caller's
 * transaction; the order's later events end them.
 */
public interface Stockroom {

  /** Whether the shop sells this SKU. */
  boolean sells(String sku);

  /** The SKU's name, price and tax rate now; the unknown-SKU problem when it is not sold. */
  PricedItem priced(String sku);

  /** Holds units for an order; the out-of-stock problem when too few are left. */
  void reserve(long orderId, String sku, int quantity);

  /**
   * Holds an order's released units again, all or none (an order accepted from review after its
   * reservation lapsed); answers whether they were still available. Does nothing for an order whose
   * units are still held or sold.
   */
  boolean retake(long orderId);
}
