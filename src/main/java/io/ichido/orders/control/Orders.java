package io.ichido.orders.control;

import io.ichido.orders.boundary.Stockroom;
import io.ichido.orders.entity.CustomerOrder;
import io.ichido.orders.entity.OrderLine;
import io.ichido.orders.entity.OrderPlaced;
import io.ichido.orders.entity.PricedItem;
import io.ichido.platform.control.Rows;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Places orders (reserving their stock) and finds them for their owner. */
@ApplicationScoped
public class Orders {

  @PersistenceContext EntityManager em;

  @Inject Stockroom stockroom;
  @Inject Event<OrderPlaced> placed;

  /** One line to order: a SKU and how many. */
  public record Wanted(String sku, int quantity) {}

  @Transactional
  public CustomerOrder place(String owner, String customer, String currency, List<Wanted> items) {
    // Same SKU twice becomes one line; SKU order keeps concurrent reservations deadlock-free.
    Map<String, Integer> quantities = new TreeMap<>();
    for (Wanted item : items) {
      quantities.merge(item.sku(), item.quantity(), Math::addExact);
    }
    List<OrderLine> lines = new ArrayList<>();
    for (Map.Entry<String, Integer> wanted : quantities.entrySet()) {
      PricedItem product = stockroom.priced(wanted.getKey());
      lines.add(
          new OrderLine(
              product.sku(),
              product.name(),
              wanted.getValue(),
              product.unitPrice(),
              product.taxRate()));
    }
    CustomerOrder order = new CustomerOrder(owner, customer, currency, lines);
    em.persist(order); // the identity column gives the id the reservations name
    placed.fire(
        new OrderPlaced(
            order.id(),
            owner,
            customer,
            order.subtotal(),
            order.tax(),
            order.amount(),
            order.currency(),
            order.taxes()));
    for (OrderLine line : lines) {
      stockroom.reserve(order.id(), line.sku(), line.quantity());
    }
    return order;
  }

  /**
   * The caller's order, locked until the caller's transaction ends: payments for one order are
   * decided one at a time.
   */
  @Transactional(Transactional.TxType.MANDATORY)
  public CustomerOrder lockOwned(String owner, long id) {
    CustomerOrder order = Rows.find(em, CustomerOrder.class, id, LockModeType.PESSIMISTIC_WRITE);
    if (order == null || !order.owner().equals(owner)) {
      throw new OrderNotFound(id);
    }
    return order;
  }

  /** Any order, locked, for callers that are not a client (the gateway's return URL). */
  @Transactional(Transactional.TxType.MANDATORY)
  public CustomerOrder lock(long id) {
    CustomerOrder order = Rows.find(em, CustomerOrder.class, id, LockModeType.PESSIMISTIC_WRITE);
    if (order == null) {
      throw new OrderNotFound(id);
    }
    return order;
  }

  /** Any order as it stands in the caller's transaction, unlocked; null when there is none. */
  @Transactional(Transactional.TxType.MANDATORY)
  public CustomerOrder current(long id) {
    return Rows.find(em, CustomerOrder.class, id);
  }

  @Transactional
  public CustomerOrder find(String owner, long id) {
    return em.createNamedQuery(CustomerOrder.FIND_OWNED, CustomerOrder.class)
        .setParameter("id", id)
        .setParameter("owner", owner)
        .getResultStream()
        .findFirst()
        .orElseThrow(() -> new OrderNotFound(id));
  }
}
