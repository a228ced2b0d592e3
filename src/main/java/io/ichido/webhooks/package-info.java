/**
 * Webhooks: what the gateways tell us after the fact (a konbini payment made, a voucher lapsed, a
 * refund), turned into our own payment events.
 *
 * <p>Rules: a body is read only up to {@code ichido.webhooks.max-body-bytes}; a delivery is
 * authenticated (signature, and timestamp where the gateway sends one) before its body is parsed or
 * anything is written, and a rejected one leaves only a metric and a rate-limited log line. The
 * provider's event id is an idempotency key ({@code webhook:<gateway>} scope) in the core layer's
 * store, claimed and completed through its published {@code IdempotencyStore}, so that consumers
 * run once per event; a delivery is a payment-log fact once, when processed, and every repeat is
 * retry traffic (counted beside the log, never chained). What an event means is decided by the
 * payments component, under the order's lock.
 */
package io.ichido.webhooks;
