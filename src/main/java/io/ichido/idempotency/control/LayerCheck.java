package io.ichido.idempotency.control;

import io.ichido.idempotency.boundary.Idempotent;
import io.ichido.idempotency.entity.IdempotencyKey;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.enterprise.inject.spi.InterceptionType;
import jakarta.persistence.metamodel.Metamodel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Whether the idempotency layer guards the application's {@code @Idempotent} endpoints: its
 * interceptor must be enabled for the binding, or an endpoint would run again for every retry of a
 * key; the persistence unit must manage the key entity, or no key could be claimed; the purge timer
 * must run, or keys would never expire; the server must enable the features the layer's beans need.
 * Asked when the application deploys (which then fails: the CDI extension for the features and the
 * interceptor, {@link IdempotencyKeyPurge} for the store and the timer) and by the filter before it
 * lets a request through (which then answers 500).
 */
public final class LayerCheck {

  static final String INTERCEPTOR = "io.ichido.idempotency.boundary.IdempotentInterceptor";

  private static final String SEE_DOCS =
      " See docs/idempotent.md, Use @Idempotent in your own WAR.";

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
              + "). A Jakarta EE API it needs is missing from the server: see docs/idempotent.md, Use"
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

  /**
   * The features the layer needs that decide whether it can deploy, each known by one class of its
   * API: an application sees that class only when the server enables the feature.
   */
  private static final List<Map.Entry<String, String>> FEATURES =
      List.of(
          Map.entry(
              "jakarta.persistence.EntityManager",
              "persistence-3.2 (or persistenceContainer-3.2 with Hibernate)"),
          Map.entry("org.eclipse.microprofile.config.Config", "mpConfig-3.1"),
          Map.entry("org.eclipse.microprofile.metrics.MetricRegistry", "mpMetrics-5.1"));

  private static final String ENTERPRISE_BEANS =
      "enterpriseBeansLite-4.0 and enterpriseBeansPersistentTimer-4.0";

  /**
   * Empty when the server enables what the layer needs, else one sentence naming every feature to
   * enable; {@code loader} sees what the application sees, {@code enterpriseBeans} whether the
   * layer's session beans became beans, {@code example} a guarded resource.
   */
  static Optional<String> featuresProblem(
      ClassLoader loader, boolean enterpriseBeans, Class<?> example) {
    List<String> missing = new ArrayList<>();
    for (Map.Entry<String, String> feature : FEATURES) {
      try {
        Class.forName(feature.getKey(), false, loader);
      } catch (ClassNotFoundException | LinkageError absent) {
        missing.add(feature.getValue());
      }
    }
    if (!enterpriseBeans) {
      missing.add(ENTERPRISE_BEANS);
    }
    if (missing.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        "The @Idempotent endpoints (such as "
            + example.getName()
            + ") cannot be guarded: the server lacks features the layer needs. Enable "
            + String.join(", ", missing)
            + "."
            + SEE_DOCS);
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
              + SEE_DOCS);
    }
  }

  /**
   * Empty when the key table exists, else the fix: the table comes from the layer's changelog,
   * which a schema made for Liberty's timers alone (or an older copy of the template) lacks.
   */
  static Optional<String> tableProblem(boolean exists) {
    return exists
        ? Optional.empty()
        : Optional.of(
            "Idempotency keys cannot be stored: the table idempotency_key does not exist in the"
                + " application's data source. Run the layer's Liquibase changelog"
                + " (META-INF/ichido/liquibase/changelog.xml in the ichido-idempotency jar, included"
                + " from your own changelog) on that database (the template: mvn exec:java@liquibase-update), then"
                + " deploy again."
                + SEE_DOCS);
  }

  /** Why the purge timer could not be scheduled, {@code cause} being what the server threw. */
  static String timerProblem(RuntimeException cause) {
    return "Idempotency keys would never expire: the purge timer could not be scheduled ("
        + cause
        + "). It is a persistent EJB timer: enable enterpriseBeansPersistentTimer-4.0 with a"
        + " <databaseStore tablePrefix=\"EJBTIMER_\" createTables=\"false\"> on the application's"
        + " data source, whose tables the jar's Liquibase changelog creates."
        + SEE_DOCS;
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
                + SEE_DOCS);
  }
}
