/**
 * {@code @Idempotent}: exactly-once execution of JAX-RS endpoints keyed by the {@code
 * Idempotency-Key} header.
 *
 * <p>Rules that hold inside this package: it depends on no other Ichido package, so a team can lift
 * it ({@code io.ichido:ichido-idempotency}, its Liquibase changelog inside) into its own WAR, on
 * either JPA provider: its native SQL takes positional parameters only. Others use its {@code
 * boundary} and {@code entity} only; {@code control} is private. A key is claimed by one atomic
 * statement; the endpoint's writes and the stored response commit in one transaction (unless the
 * endpoint opts out with {@code transactional = false}), fenced by the claim token so a request
 * whose lease was taken over can never commit. Keys are scoped per authenticated principal, or per
 * value of a header the endpoint names; never shared by all unauthenticated callers.
 */
package io.ichido.idempotency;
