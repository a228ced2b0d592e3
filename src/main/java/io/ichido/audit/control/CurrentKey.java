package io.ichido.audit.control;

import io.ichido.idempotency.control.PendingRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.ContextNotActiveException;
import jakarta.inject.Inject;

/** The Idempotency-Key of the request being served, read from the core layer's request state. */
@ApplicationScoped
public class CurrentKey {

  @Inject PendingRequest pending;

  /** The key, or null outside a keyed HTTP request (a timer, a webhook). */
  public String currentKey() {
    try {
      return pending.claim() == null ? null : pending.claim().key();
    } catch (ContextNotActiveException noRequest) {
      return null;
    }
  }
}
