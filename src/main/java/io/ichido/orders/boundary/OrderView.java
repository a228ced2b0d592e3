package io.ichido.orders.boundary;

import io.ichido.orders.entity.CustomerOrder;
import io.ichido.orders.entity.OrderLine;
import io.ichido.orders.entity.TaxLine;
import io.ichido.payments.boundary.PaymentRecord;
import java.time.Instant;
import java.util.List;

/**
 * An order as clients see it. Amounts are whole yen; {@code amount} includes tax, {@code refunded}
 * is what went back to the customer so far. {@code payments} lists every charge attempt: the paying
 * one, and any other a gateway reported money for, which goes back by itself.
 */
public record OrderView(
    long id,
    String status,
    String customer,
    List<Line> items,
    List<Tax> taxes,
    long subtotal,
    long tax,
    long amount,
    String currency,
    long refunded,
    Instant createdAt,
    List<PaymentRecord> payments) {

  /** One ordered SKU. */
  public record Line(
      String sku, String name, int quantity, long unitPrice, int taxRate, long amount) {

    static Line of(OrderLine line) {
      return new Line(
          line.sku(),
          line.name(),
          line.quantity(),
          line.unitPrice(),
          line.taxRate(),
          line.amount());
    }
  }

  /** Tax at one rate, as a qualified invoice lists it. */
  public record Tax(int rate, long taxable, long tax) {

    static Tax of(TaxLine line) {
      return new Tax(line.rate(), line.taxable(), line.tax());
    }
  }

  public static OrderView of(CustomerOrder order) {
    return of(order, List.of());
  }

  public static OrderView of(CustomerOrder order, List<PaymentRecord> payments) {
    return new OrderView(
        order.id(),
        order.status().name(),
        order.customer(),
        order.lines().stream().map(Line::of).toList(),
        order.taxes().stream().map(Tax::of).toList(),
        order.subtotal(),
        order.tax(),
        order.amount(),
        order.currency(),
        order.refundedAmount(),
        order.createdAt(),
        payments);
  }
}
