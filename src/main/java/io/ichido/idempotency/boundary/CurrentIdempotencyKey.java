package io.ichido.idempotency.boundary;

import io.ichido.idempotency.control.PendingRequest;
import io.ichido.idempotency.entity.ClaimOutcome.Claimed;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.ContextNotActiveException;
import jakarta.inject.Inject;
import java.util.Optional;

/**
 * The {@code Idempotency-Key} of the HTTP request being served, for code that runs under it (an
 * endpoint that passes the key on to a gateway, an audit record). Both are empty outside a request
 * that claimed a key: no request context (a timer, a webhook), no header on an endpoint where it is
 * optional, or an answer the layer gave itself.
 */
@ApplicationScoped
public class CurrentIdempotencyKey {

  @Inject PendingRequest pending;

  /** The key as the client sent it (unquoted). */
  public Optional<String> key() {
    return claim().map(Claimed::key);
  }

  /**
   * Whose key it is: {@code principal:<name>}, or {@code header:<name>:<value>} on an endpoint that
   * names a {@linkplain Idempotent#scopeHeader() scope header}. Two callers may use the same key;
   * the pair (scope, key) is unique.
   */
  public Optional<String> scope() {
    return claim().map(Claimed::scope);
  }

  private Optional<Claimed> claim() {
    try {
      return Optional.ofNullable(pending.claim());
    } catch (ContextNotActiveException noRequest) {
      return Optional.empty();
    }
  }
}
