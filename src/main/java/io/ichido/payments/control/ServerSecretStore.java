package io.ichido.payments.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.security.SecureRandom;

/** Where {@link ServerSecrets} keeps them: the {@code server_secret} table. */
@ApplicationScoped
class ServerSecretStore {

  private static final SecureRandom RANDOM = new SecureRandom();

  @PersistenceContext EntityManager em;

  @Transactional(TxType.REQUIRES_NEW)
  public byte[] loadOrMake(String name) {
    byte[] fresh = new byte[32];
    RANDOM.nextBytes(fresh);
    // Whoever inserts first wins; everyone then reads the winner's secret.
    em.createNativeQuery(
            "INSERT INTO server_secret (name, secret) VALUES (?1, ?2) ON CONFLICT (name) DO NOTHING")
        .setParameter(1, name)
        .setParameter(2, fresh)
        .executeUpdate();
    return (byte[])
        em.createNativeQuery("SELECT secret FROM server_secret WHERE name = ?1")
            .setParameter(1, name)
            .getSingleResult();
  }
}
