package io.ichido.audit.control;

import io.ichido.idempotency.boundary.CurrentIdempotencyKey;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** The Idempotency-Key of the request being served, as the core layer publishes it. */
@ApplicationScoped
public class CurrentKey {

  @Inject CurrentIdempotencyKey current;

  /** The key, or null outside a keyed HTTP request (a timer, a webhook). */
  public String currentKey() {
    return current.key().orElse(null);
  }
}
