package io.ichido.inventory.entity;

/** Units of one SKU that left a reservation: sold to its order, or released back for sale. */
public record StockMovement(String sku, int quantity, StockReservation.State to) {}
