package io.ichido.idempotency.boundary;

import io.ichido.idempotency.control.IdempotencyKeys;
import io.ichido.idempotency.control.KeyReleases;
import io.ichido.idempotency.entity.ClaimOutcome;
import io.ichido.idempotency.entity.ClaimOutcome.Claimed;
import io.ichido.idempotency.entity.ClaimRequest;
import io.ichido.idempotency.entity.StoredResponse;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;

/**
 * The key store for work that does not arrive as an {@link Idempotent} JAX-RS request (a webhook's
 * event id, a message id): claim a key, do the work, then complete the claim in the work's own
 * transaction, or release it so that the next attempt runs again.
 */
@ApplicationScoped
public class IdempotencyStore {

  @Inject IdempotencyKeys keys;
  @Inject KeyReleases releases;

  /**
   * Claims the key in a short transaction of its own. A refused claim is an outcome, not an
   * exception: {@link ClaimOutcome.Completed} carries the recorded answer, {@link
   * ClaimOutcome.InUse} says when to ask again, {@link ClaimOutcome.Mismatch} that the key served
   * another request.
   */
  public ClaimOutcome claim(ClaimRequest request) {
    return keys.claim(request);
  }

  /**
   * Records the answer in the caller's transaction, so it commits with the work's own writes.
   *
   * @throws jakarta.transaction.TransactionalException when no transaction is active
   * @throws RuntimeException (the layer's {@code LeaseLost}) when the claim was taken over after
   *     its lease ran out; the caller's transaction must then roll back
   */
  @Transactional(TxType.MANDATORY)
  public void complete(Claimed claim, StoredResponse response) {
    keys.complete(claim, response);
  }

  /**
   * Forgets the claim now, or in the background once the database answers again (until the claim's
   * lease would end anyway): for work that failed, perhaps because the database went away, which
   * would make an immediate release fail too. Only a claim still in flight under its token is
   * released; one whose work committed stays as it is.
   */
  public void releaseWhenPossible(Claimed claim) {
    releases.release(claim);
  }

  /**
   * Forgets the claim, in a transaction of its own, so that a retry with the same key runs again.
   *
   * @return false when the claim was no longer this caller's to release
   */
  public boolean release(Claimed claim) {
    return keys.release(claim);
  }
}
