package io.ichido.idempotency.control;

import io.ichido.idempotency.boundary.Idempotent;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.enterprise.inject.spi.InterceptionType;
import java.util.Optional;

/**
 * Whether the idempotency layer guards the application's {@code @Idempotent} endpoints: its
 * interceptor must be enabled for the binding, or an endpoint would run again for every retry of a
 * key. Asked when the application deploys (which then fails) and by the filter before it lets a
 * request through (which then answers 500).
 */
public final class LayerCheck {

  static final String INTERCEPTOR = "io.ichido.idempotency.boundary.IdempotentInterceptor";

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
}
