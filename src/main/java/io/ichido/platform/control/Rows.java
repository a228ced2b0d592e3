package io.ichido.platform.control;

import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.transaction.Status;
import jakarta.transaction.TransactionSynchronizationRegistry;
import javax.naming.InitialContext;
import javax.naming.NamingException;

/**
 * {@link EntityManager#find} that never answers "no such row" for "the database failed". Hibernate
 * returns null from {@code find} when a JDBC connection error hits a transaction already marked for
 * rollback (HHH-12472), which Liberty does when a connection cannot be enlisted: during a database
 * restart an existing order or product then looked absent, and the client got a final 404 or 400
 * for a request that should simply be retried.
 */
public final class Rows {

  private static volatile TransactionSynchronizationRegistry transactions;

  private Rows() {}

  /** The row, or null when it does not exist; throws when the transaction can no longer say. */
  public static <T> T find(EntityManager em, Class<T> type, Object id) {
    return trusted(em.find(type, id));
  }

  /** As {@link #find(EntityManager, Class, Object)}, locking the row it finds. */
  public static <T> T find(EntityManager em, Class<T> type, Object id, LockModeType lock) {
    return trusted(em.find(type, id, lock));
  }

  private static <T> T trusted(T found) {
    if (found == null && rollingBack()) {
      throw new DatabaseUnavailable(
          "The database failed during this request, which was rolled back. Retry with the same"
              + " Idempotency-Key.");
    }
    return found;
  }

  private static boolean rollingBack() {
    int status = registry().getTransactionStatus();
    return status == Status.STATUS_MARKED_ROLLBACK
        || status == Status.STATUS_ROLLING_BACK
        || status == Status.STATUS_ROLLEDBACK;
  }

  private static TransactionSynchronizationRegistry registry() {
    TransactionSynchronizationRegistry registry = transactions;
    if (registry == null) {
      try {
        registry = InitialContext.doLookup("java:comp/TransactionSynchronizationRegistry");
      } catch (NamingException e) {
        throw new IllegalStateException("No transaction synchronization registry", e);
      }
      transactions = registry;
    }
    return registry;
  }
}
