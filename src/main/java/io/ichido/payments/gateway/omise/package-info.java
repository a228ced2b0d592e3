/**
 * Omise: charges over its REST API ({@code OmiseApi}), 3-D Secure returns, and its signed events.
 *
 * <p>Rules: Omise confirms no idempotency-key promise, so a request that may have reached it is
 * looked up, never sent again; a webhook only says which charge to look at, and the charge is read
 * back from the API before anything is applied.
 */
package io.ichido.payments.gateway.omise;
