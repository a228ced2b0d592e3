package io.ichido.it.idempotency.standalone;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;

/** The ledger's one table, written in the caller's transaction or in one of its own. */
@ApplicationScoped
public class LedgerRows {

  @PersistenceContext EntityManager em;

  /** Joins the caller's transaction, so the row commits or rolls back with it. */
  @Transactional(TxType.MANDATORY)
  public void add(String key, String body) {
    insert(key, body);
  }

  /** Commits the row before returning, whatever the caller does next. */
  @Transactional(TxType.REQUIRES_NEW)
  public void addAlone(String key, String body) {
    insert(key, body);
  }

  private void insert(String key, String body) {
    em.createNativeQuery("INSERT INTO it_ledger (idem_key, body) VALUES (?1, ?2)")
        .setParameter(1, key == null ? "none" : key)
        .setParameter(2, body)
        .executeUpdate();
  }
}
