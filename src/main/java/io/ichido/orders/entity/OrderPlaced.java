package io.ichido.orders.entity;

import java.util.List;

/** An order was placed (in the transaction that placed it). */
public record OrderPlaced(
    long orderId,
    String owner,
    String customer,
    long subtotal,
    long tax,
    long amount,
    String currency,
    List<TaxLine> taxes) {}
