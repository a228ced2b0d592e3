package io.ichido.idempotency.entity;

import java.time.Instant;

/**
 * Something happened to an idempotency key: claimed by a request, its answer recorded, answered
 * from the store (replayed, in use, reused with another request), released, or forgotten once it
 * expired. Fired as a synchronous CDI event, outside any transaction, so that a team can log or
 * count keys its own way ({@code void on(@Observes IdempotencyKeyEvent event)}); an observer runs
 * on the request's thread (the purge's, for {@link Kind#EXPIRED}) and should be quick, handing slow
 * work to an executor of its own. An observer that throws does not change the answer.
 *
 * @param status the HTTP status of the answer this event concerns: the recorded, replayed or
 *     refusing answer, or the one that released the key; 0 when there is none ({@link
 *     Kind#CLAIMED}, or a key released before any answer)
 * @param expiresAt when the key is forgotten (as the {@code Idempotency-Key-Expires} header says);
 *     null for {@link Kind#RELEASED}, since a released key is forgotten at once
 */
public record IdempotencyKeyEvent(
    Kind kind,
    String scope,
    String key,
    String method,
    String path,
    int status,
    Instant expiresAt) {

  /** What happened to the key. */
  public enum Kind {
    /** A request won the key: the endpoint runs. */
    CLAIMED,
    /** The endpoint's answer was recorded with the key. */
    COMPLETED,
    /** A repeat got the recorded answer; the endpoint did not run. */
    REPLAYED,
    /** A repeat came while the first still ran: 409, the endpoint did not run. */
    IN_USE,
    /** The key came with another request than its first: 422, the endpoint did not run. */
    REUSED,
    /** The key was given back (a transient failure, or a failure the endpoint does not keep). */
    RELEASED,
    /** The purge forgot the key after its retention. */
    EXPIRED;

    /** Whether the request was answered from the store without running the endpoint. */
    public boolean answeredFromStore() {
      return this == REPLAYED || this == IN_USE || this == REUSED;
    }
  }
}
