package io.ichido.orders.entity;

import java.time.Instant;
import java.util.List;

/**
 * An order as other capabilities see it: what was bought, at which rates, for how much, and where
 * it stands. A copy taken in the transaction that read it; the lines and taxes are the order's own
 * values, never written through.
 */
public record OrderDetails(
    long id,
    String owner,
    String customer,
    OrderStatus status,
    String currency,
    long subtotal,
    long tax,
    long amount,
    List<OrderLine> lines,
    List<TaxLine> taxes,
    long refundedAmount,
    Instant paidAt,
    Instant createdAt) {

  public static OrderDetails of(CustomerOrder order) {
    return new OrderDetails(
        order.id(),
        order.owner(),
        order.customer(),
        order.status(),
        order.currency(),
        order.subtotal(),
        order.tax(),
        order.amount(),
        List.copyOf(order.lines()),
        List.copyOf(order.taxes()),
        order.refundedAmount(),
        order.paidAt(),
        order.createdAt());
  }
}
