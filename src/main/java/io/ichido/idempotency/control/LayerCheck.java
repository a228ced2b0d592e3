package io.ichido.idempotency.control;

import io.ichido.idempotency.boundary.Idempotent;
import io.ichido.idempotency.entity.IdempotencyKey;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.enterprise.inject.spi.InterceptionType;
import jakarta.persistence.metamodel.Metamodel;
import java.util.Optional;

/**
 * Whether the idempotency layer guards the application's {@code @Idempotent} endpoints: its
 * interceptor must be enabled for the binding, or an endpoint would run again for every retry of a
 * key; the persistence unit must manage the key entity, or no key could be claimed; the purge timer
 * must run, or keys would never expire. Asked when the application deploys (which then fails: the
 * CDI extension for the interceptor, {@link IdempotencyKeyPurge} for the store and the timer) and
 * by the filter before it lets a request through (which then answers 500).
 */
public final class LayerCheck {

  static final String INTERCEPTOR = "io.ichido.idempotency.boundary.IdempotentInterceptor";

  private static final String SEE_README = " See README, Use @Idempotent in your own WAR.";

  private LayerCheck() {}

  /** What is missing, in one sentence an operator can act on; empty when the layer is whole. */
  public static Optional<String> problem(BeanManager beans, Idempotent binding, Class<?> example) {
    try {
      Class.forName(INTERCEPTOR, true, LayerCheck.class.getClassLoader()).getDeclaredMethods();
    } catch (ClassNotFoundException | LinkageError broken) {
      return Optional.of(
          "The @Idempotent endpoints (such as "
              + example.getName()
              + ") would run unguarded: "
              + INTERCEPTOR
              + " cannot be loaded ("
              + broken
              + "). A Jakarta EE API it needs is missing from the server: see README, Use"
              + " @Idempotent in your own WAR, for the features.");
    }
    if (beans.resolveInterceptors(InterceptionType.AROUND_INVOKE, binding).isEmpty()) {
      return Optional.of(
          "The @Idempotent endpoints (such as "
              + example.getName()
              + ") would run unguarded: CDI enables no interceptor for @Idempotent. Is "
              + INTERCEPTOR
              + " in a bean archive of this application (the jar's META-INF/beans.xml), and not"
              + " vetoed?");
    }
    return Optional.empty();
  }

  /** What to enable when the server has no EJB container, {@code example} a guarded resource. */
  static String enterpriseBeansProblem(Class<?> example) {
    return "The @Idempotent endpoints (such as "
        + example.getName()
        + ") cannot be guarded: the layer releases keys and purges expired ones with enterprise"
        + " beans, and the server has no EJB container. Enable enterpriseBeansLite-4.0 and"
        + " enterpriseBeansPersistentTimer-4.0."
        + SEE_README;
  }

  /** Empty when {@code metamodel} manages the key entity, else what to add to persistence.xml. */
  public static Optional<String> storeProblem(Metamodel metamodel) {
    try {
      metamodel.entity(IdempotencyKey.class);
      return Optional.empty();
    } catch (IllegalArgumentException notManaged) {
      return Optional.of(
          "Idempotency keys cannot be stored: the persistence unit does not manage "
              + IdempotencyKey.class.getName()
              + ". List it in persistence.xml: <class>"
              + IdempotencyKey.class.getName()
              + "</class>."
              + SEE_README);
    }
  }

  /** Why the purge timer could not be scheduled, {@code cause} being what the server threw. */
  static String timerProblem(RuntimeException cause) {
    return "Idempotency keys would never expire: the purge timer could not be scheduled ("
        + cause
        + "). It is a persistent EJB timer: enable enterpriseBeansPersistentTimer-4.0 with a"
        + " <databaseStore tablePrefix=\"EJBTIMER_\" createTables=\"false\"> on the application's"
        + " data source, whose tables the jar's Liquibase changelog creates."
        + SEE_README;
  }

  /** Empty when the purge timer is scheduled; it is before any request when EJB is enabled. */
  public static Optional<String> purgeProblem(boolean scheduled) {
    return scheduled
        ? Optional.empty()
        : Optional.of(
            "Idempotency keys would never expire: the purge timer ("
                + IdempotencyKeyPurge.class.getName()
                + ", a startup singleton EJB) did not start. Enable enterpriseBeansLite-4.0 and"
                + " enterpriseBeansPersistentTimer-4.0."
                + SEE_README);
  }
}
