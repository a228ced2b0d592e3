/**
 * The client's half of idempotency, for teams calling an {@code @Idempotent} API: one key per
 * logical operation, made once and sent on every try; retries only of answers that say "try again",
 * with exponential backoff and full jitter, honouring {@code Retry-After}, bounded by attempts and
 * a deadline. Plain JDK, so any HTTP client can use it: a JAX-RS client, a MicroProfile Rest Client
 * or {@code java.net.http}.
 */
package io.ichido.client;
