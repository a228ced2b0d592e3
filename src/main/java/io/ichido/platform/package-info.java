/**
 * What every Ichido component shares: the JAX-RS application under {@code /api}, JSON through
 * Jackson, RFC 9457 problem answers for every failure, and the readiness check.
 *
 * <p>Rules: a failure leaves as {@code application/problem+json} with a stable {@code type} URI; no
 * answer ever echoes a request body, a secret or a stack trace.
 */
package io.ichido.platform;
