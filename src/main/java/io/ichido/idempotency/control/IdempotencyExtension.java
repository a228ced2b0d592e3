package io.ichido.idempotency.control;

import io.ichido.idempotency.boundary.Idempotent;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.spi.Extension;
import jakarta.enterprise.inject.spi.ProcessAnnotatedType;
import jakarta.enterprise.inject.spi.WithAnnotations;
import jakarta.ws.rs.Path;

/** Notes every resource class that uses {@link Idempotent} while the application is scanned. */
public class IdempotencyExtension implements Extension {

  <T> void noteIdempotentResources(
      @Observes @WithAnnotations({Idempotent.class, Path.class}) ProcessAnnotatedType<T> type) {
    Class<T> resource = type.getAnnotatedType().getJavaClass();
    if (resource.isAnnotationPresent(Path.class)) {
      IdempotentOperations.register(resource.getClassLoader(), resource);
    }
  }
}
