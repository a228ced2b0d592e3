package io.ichido.idempotency.control;

import io.ichido.idempotency.entity.ClaimOutcome.Claimed;
import io.ichido.idempotency.entity.ClaimRequest;
import jakarta.enterprise.context.RequestScoped;
import jakarta.ws.rs.ext.Providers;

/**
 * What the request filter learned about this HTTP request, handed to the interceptor around the
 * resource method and back to the response filter.
 */
@RequestScoped
public class PendingRequest {

  /** Where the claim of this request stands. */
  public enum State {
    NONE,
    CLAIMED,
    COMPLETED,
    RELEASED
  }

  private State state = State.NONE;
  private Claimed claim;
  private ClaimRequest request;
  private EndpointPolicy policy;
  private Providers providers;
  private boolean executed;
  private long claimedAtNanos;
  private Object span;

  /**
   * @param span the request's span ({@link IdempotencySpans#current()}), marked again should the
   *     key be given back
   */
  public void claimed(
      Claimed claim,
      ClaimRequest request,
      EndpointPolicy policy,
      Providers providers,
      Object span) {
    this.claim = claim;
    this.request = request;
    this.policy = policy;
    this.span = span;
    this.claimedAtNanos = System.nanoTime();
    this.providers = providers;
    this.state = State.CLAIMED;
  }

  public Claimed claim() {
    return claim;
  }

  /** What the claim asked for (method, path, key), as events tell of it. */
  public ClaimRequest request() {
    return request;
  }

  /** The endpoint's settings. */
  public EndpointPolicy policy() {
    return policy;
  }

  /** How long this request has held its key so far; -1 when it claimed none. */
  public long heldNanos() {
    return claim == null ? -1 : System.nanoTime() - claimedAtNanos;
  }

  public Object span() {
    return span;
  }

  public Providers providers() {
    return providers;
  }

  public State state() {
    return state;
  }

  /** True once the resource method itself has been entered. */
  public boolean executed() {
    return executed;
  }

  public void markExecuted() {
    executed = true;
  }

  public void completed() {
    state = State.COMPLETED;
  }

  public void released() {
    state = State.RELEASED;
  }
}
