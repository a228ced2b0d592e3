package io.ichido.orders.boundary;

import io.ichido.orders.control.OrderNotFound;
import io.ichido.orders.control.Orders;
import io.ichido.orders.entity.CustomerOrder;
import io.ichido.orders.entity.OrderDetails;
import io.ichido.payments.boundary.PayableOrders;
import io.ichido.payments.entity.PayableOrder;
import io.ichido.platform.control.ProblemException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.util.Optional;

/**
 * What orders publish to other capabilities: an order's details for its owner, and the payable view
 * payments charge against. Records only; the order entity stays inside orders.
 */
@ApplicationScoped
public class OrderBook implements PayableOrders {

  @Inject Orders orders;

  /** The caller's order, to print or show; the order-not-found problem when it is not theirs. */
  @Transactional
  public OrderDetails details(String owner, long orderId) {
    return OrderDetails.of(orders.find(owner, orderId));
  }

  @Override
  public PayableOrder lockOwned(String owner, long orderId) {
    return payable(orders.lockOwned(owner, orderId));
  }

  @Override
  public PayableOrder lock(long orderId) {
    return payable(orders.lock(orderId));
  }

  @Override
  public Optional<PayableOrder> find(long orderId) {
    return Optional.ofNullable(orders.current(orderId)).map(OrderBook::payable);
  }

  @Override
  public ProblemException notFound(long orderId) {
    return new OrderNotFound(orderId);
  }

  /** How payments see {@code order}. */
  public static PayableOrder payable(CustomerOrder order) {
    PayableOrder.Standing standing =
        switch (order.status()) {
          case PENDING_PAYMENT -> PayableOrder.Standing.UNPAID;
          case AWAITING_PAYMENT -> PayableOrder.Standing.AWAITING_PAYMENT;
          case PAID, PARTIALLY_REFUNDED, REFUNDED -> PayableOrder.Standing.PAID;
          case NEEDS_REVIEW -> PayableOrder.Standing.IN_REVIEW;
          case FAILED, EXPIRED -> PayableOrder.Standing.ENDED;
          case CANCELLED -> PayableOrder.Standing.CANCELLED;
        };
    return new PayableOrder(
        order.id(),
        order.owner(),
        standing,
        order.status().name(),
        order.amount(),
        order.currency(),
        order.createdAt(),
        order.stage());
  }
}
