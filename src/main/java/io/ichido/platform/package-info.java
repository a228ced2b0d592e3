/**
 * What every Ichido component shares: the JAX-RS application under {@code /api}, JSON through
 * Jackson, RFC 9457 problem answers for every failure, and the readiness check; for the benchmark
 * only (off unless configured), an idempotent endpoint that does nothing but answer.
 *
 * <p>Rules: a failure leaves as {@code application/problem+json} with a stable {@code type} URI; no
 * answer ever echoes a request body, a secret or a stack trace. Components throw a {@code
 * ProblemException} that names the failure; only the mappers here turn failures into {@code
 * Problem} bodies (the idempotency layer, a jar of its own, writes its few problems itself).
 */
package io.ichido.platform;
