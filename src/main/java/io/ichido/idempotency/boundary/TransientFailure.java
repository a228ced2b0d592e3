package io.ichido.idempotency.boundary;

/**
 * Implemented by an exception that means "the same request may succeed later": when it (or an
 * exception it caused) leaves an {@link Idempotent} endpoint, the layer releases the key, so a
 * retry with the same key runs the endpoint again instead of replaying this failure. Classes that
 * cannot implement it can be named in {@code ichido.idempotency.transient-exceptions} instead.
 */
public interface TransientFailure {}
