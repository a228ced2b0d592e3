package io.ichido.payments.boundary;

import io.ichido.payments.entity.PayableOrder;
import io.ichido.platform.control.ProblemException;
import java.util.Optional;

/**
 * What payments need from the orders they charge, implemented by the orders capability (which
 * depends on payments, never the other way round). Locks are the order row's, held until the
 * caller's transaction ends: everything that moves an order's payment is decided one at a time.
 */
public interface PayableOrders {

  /** The caller's order, locked; the order-not-found problem when it is not the caller's. */
  PayableOrder lockOwned(String owner, long orderId);

  /** Any order, locked, for callers that are not a client (a webhook, a sweep, a return page). */
  PayableOrder lock(long orderId);

  /** The order as it stands now in the caller's transaction (after what it fired), unlocked. */
  Optional<PayableOrder> find(long orderId);

  /** The problem a client gets for an order that is not there for it: the same for any reason. */
  ProblemException notFound(long orderId);
}
