package io.ichido.orders.control;

import io.ichido.platform.control.ProblemException;
import java.io.Serial;

/** No order with this id belongs to the caller. */
public class OrderNotFound extends ProblemException {
  @Serial private static final long serialVersionUID = 1L;

  public OrderNotFound(long id) {
    super(404, "order-not-found", "Order not found", "There is no order " + id + ".");
  }
}
