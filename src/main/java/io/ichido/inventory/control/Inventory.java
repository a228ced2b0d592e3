package io.ichido.inventory.control;

import io.ichido.inventory.entity.CatalogueItem;
import io.ichido.inventory.entity.Product;
import io.ichido.inventory.entity.Stock;
import io.ichido.inventory.entity.StockLevel;
import io.ichido.inventory.entity.StockMoved;
import io.ichido.inventory.entity.StockReservation;
import io.ichido.inventory.entity.StockReservation.State;
import io.ichido.platform.control.Rows;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** Catalogue look-ups, stock reservations, and what becomes of them. */
@ApplicationScoped
public class Inventory {

  @PersistenceContext EntityManager em;

  @Inject Event<StockMoved> moved;

  // Reads run in a transaction too: Liberty's transaction-less entity managers trip Hibernate.
  @Transactional
  public Optional<Product> product(String sku) {
    return Optional.ofNullable(Rows.find(em, Product.class, sku));
  }

  /**
   * What is for sale, by name, with the units not yet reserved: the first {@code limit} products of
   * the catalogue.
   */
  @Transactional
  public List<CatalogueItem> catalogue(int limit) {
    return em
        .createQuery(
            "SELECT p, s FROM Product p JOIN Stock s ON s.sku = p.sku ORDER BY p.name, p.sku",
            Object[].class)
        .setMaxResults(limit)
        .getResultList()
        .stream()
        .map(row -> CatalogueItem.of((Product) row[0], (Stock) row[1]))
        .toList();
  }

  @Transactional
  public StockLevel level(String sku) {
    Stock stock = Rows.find(em, Stock.class, sku);
    if (stock == null) {
      throw new UnknownSku(sku);
    }
    return StockLevel.of(stock);
  }

  /**
   * Reserves units for an order in the caller's transaction. Callers reserving several SKUs must do
   * so in SKU order, so that two orders never wait on each other's rows.
   *
   * @throws OutOfStock when fewer units are available
   */
  @Transactional(TxType.MANDATORY)
  public void reserve(long orderId, String sku, int quantity) {
    if (quantity <= 0) {
      throw new IllegalArgumentException("A reservation must be positive: " + quantity);
    }
    int reserved =
        em.createNamedQuery(Stock.RESERVE)
            .setParameter("sku", sku)
            .setParameter("quantity", quantity)
            .executeUpdate();
    if (reserved != 1) {
      throw new OutOfStock(sku, quantity);
    }
    em.persist(new StockReservation(orderId, sku, quantity));
    moved.fire(new StockMoved(orderId, sku, quantity, StockMoved.Movement.RESERVED));
  }

  /** A paid order's reserved units leave the stock for good. Does nothing the second time. */
  @Transactional(TxType.MANDATORY)
  public void sell(long orderId) {
    settle(orderId, State.SOLD, StockMoved.Movement.SOLD, Stock.SELL);
  }

  /** An unpaid order's reserved units go back on sale. Does nothing the second time. */
  @Transactional(TxType.MANDATORY)
  public void release(long orderId) {
    settle(orderId, State.RELEASED, StockMoved.Movement.RELEASED, Stock.RELEASE);
  }

  /**
   * An order's released units, held again for it when all of them are still available (an order
   * accepted from review after its reservation lapsed): answers whether they are, and changes
   * nothing when they are not. An order still holding or having sold its units needs nothing.
   */
  @Transactional(TxType.MANDATORY)
  @SuppressWarnings("unchecked")
  public boolean retake(long orderId) {
    List<Object[]> released =
        em.createNativeQuery(
                "SELECT r.sku, r.quantity, s.on_hand - s.reserved FROM stock_reservation r"
                    + " JOIN stock s ON s.sku = r.sku WHERE r.order_id = ?1 AND r.state = 'RELEASED'"
                    + " ORDER BY r.sku FOR UPDATE OF s")
            .setParameter(1, orderId)
            .getResultList();
    for (Object[] row : released) {
      if (((Number) row[2]).intValue() < ((Number) row[1]).intValue()) {
        return false;
      }
    }
    for (Object[] row : released) {
      String sku = (String) row[0];
      int quantity = ((Number) row[1]).intValue();
      em.createNamedQuery(Stock.RESERVE)
          .setParameter("sku", sku)
          .setParameter("quantity", quantity)
          .executeUpdate();
      em.createNativeQuery(
              "UPDATE stock_reservation SET state = 'RESERVED', settled_at = NULL"
                  + " WHERE order_id = ?1 AND sku = ?2 AND state = 'RELEASED'")
          .setParameter(1, orderId)
          .setParameter(2, sku)
          .executeUpdate();
      moved.fire(new StockMoved(orderId, sku, quantity, StockMoved.Movement.RESERVED));
    }
    return true;
  }

  /*
   * The reservation rows change state first, under their row locks: a concurrent settlement of the
   * same order waits, then finds nothing still RESERVED and moves no stock. Stock rows are then
   * updated in SKU order, the order reservations take them in.
   */
  private void settle(long orderId, State to, StockMoved.Movement movement, String stockUpdate) {
    @SuppressWarnings("unchecked")
    List<Object[]> settled =
        em.createNativeQuery(
                "UPDATE stock_reservation SET state = :to, settled_at = now()"
                    + " WHERE order_id = :orderId AND state = 'RESERVED' RETURNING sku, quantity")
            .setParameter("to", to.name())
            .setParameter("orderId", orderId)
            .getResultList();
    List<StockMoved> moves = new ArrayList<>();
    for (Object[] row : settled) {
      moves.add(new StockMoved(orderId, (String) row[0], ((Number) row[1]).intValue(), movement));
    }
    moves.sort(Comparator.comparing(StockMoved::sku));
    for (StockMoved move : moves) {
      em.createNamedQuery(stockUpdate)
          .setParameter("sku", move.sku())
          .setParameter("quantity", move.quantity())
          .executeUpdate();
      moved.fire(move);
    }
  }
}
