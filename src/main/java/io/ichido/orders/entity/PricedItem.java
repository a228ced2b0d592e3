package io.ichido.orders.entity;

/** A product as an order line takes it: its name, price and tax rate when the order is placed. */
public record PricedItem(String sku, String name, long unitPrice, int taxRate) {}
