package io.ichido.inventory.control;

import io.ichido.inventory.entity.Product;
import io.ichido.inventory.entity.Stock;
import io.ichido.inventory.entity.StockLevel;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.util.Optional;

/** Catalogue look-ups and stock reservations. */
@ApplicationScoped
public class Inventory {

  @PersistenceContext EntityManager em;

  // Reads run in a transaction too: Liberty's transaction-less entity managers trip Hibernate.
  @Transactional
  public Optional<Product> product(String sku) {
    return Optional.ofNullable(em.find(Product.class, sku));
  }

  @Transactional
  public StockLevel level(String sku) {
    Stock stock = em.find(Stock.class, sku);
    if (stock == null) {
      throw new UnknownSku(sku);
    }
    return StockLevel.of(stock);
  }

  /**
   * Reserves units in the caller's transaction. Callers reserving several SKUs must do so in SKU
   * order, so that two orders never wait on each other's rows.
   *
   * @throws OutOfStock when fewer units are available
   */
  @Transactional(TxType.MANDATORY)
  public void reserve(String sku, int quantity) {
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
  }
}
