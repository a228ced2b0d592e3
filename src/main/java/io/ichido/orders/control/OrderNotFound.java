package io.ichido.orders.control;

import io.ichido.platform.control.ProblemException;

/** No order with this id belongs to the caller. */
public class OrderNotFound extends ProblemException {

  public OrderNotFound(long id) {
    super(404, "order-not-found", "Order not found", "There is no order " + id + ".");
  }
}
