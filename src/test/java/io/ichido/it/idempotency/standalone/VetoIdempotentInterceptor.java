package io.ichido.it.idempotency.standalone;

import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.spi.Extension;
import jakarta.enterprise.inject.spi.ProcessAnnotatedType;

/**
 * Takes the idempotency layer's interceptor out of the application, as a server without an API it
 * needs once did (the class failed to load, CDI logged it at INFO and went on without it).
 */
public class VetoIdempotentInterceptor implements Extension {

  <T> void veto(@Observes ProcessAnnotatedType<T> type) {
    if (type.getAnnotatedType()
        .getJavaClass()
        .getName()
        .equals("io.ichido.idempotency.boundary.IdempotentInterceptor")) {
      type.veto();
    }
  }
}
