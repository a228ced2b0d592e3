/**
 * The local gateway sandbox: an HTTP server that speaks the subset of Stripe, Omise, KOMOJU, 2C2P
 * PGW v4.3 and PayPay's Open Payment API (web payment) described in {@code
 * docs/gateway-wire-formats.md}, so that Ichido's payment adapters can be developed and tested
 * without a network and without real money.
 *
 * <p>Rules: one idempotency key (2C2P: one invoice number, PayPay: one merchantPaymentId) never
 * creates a second charge; every charge attempt lands in the {@link io.ichido.sandbox.Ledger} the
 * tests read; faults injected through {@code /_sandbox/faults} and {@code /_sandbox/chaos}
 * misbehave at the transport level exactly as a flaky network or gateway would (connections closed
 * without an answer, 5xx, 429, held requests), so the exactly-once machinery can be proven against
 * them; {@code alter_amount} and {@code alter_currency} make one answer carry another amount or
 * currency than the charge.
 *
 * <p>Where the contract leaves room, the sandbox decides (see {@link
 * io.ichido.sandbox.GatewaySandbox}): each gateway lives under its own path prefix, the ledger
 * status is one vocabulary for all gateways ({@code paid}, {@code pending}, {@code failed}, {@code
 * expired}, {@code partially_refunded}, {@code refunded}), and 2C2P errors answer HTTP 200 with an
 * unsigned {@code {"respCode","respDesc"}}: {@code 9042} for a JWT that is malformed or not signed
 * with the merchant secret, {@code 9005} for a missing field, {@code 9004} for an invalid value or
 * an unknown payment token.
 *
 * <p>Tests that share one sandbox scope what they set to their own orders: a fault ({@code
 * "order"}), chaos ({@code "orders"}), webhook delivery and PayPay's details lag ({@code "order"})
 * then reach only the requests and payments of those orders. Each gateway tells which order a
 * request is about ({@link io.ichido.sandbox.Gateway#orderOf}): the reference a create carries
 * ({@code ORDER-<id>}, a later attempt {@code ORDER-<id>-<n>}), or the payment a read, search,
 * refund or cancel names; a request whose order cannot be told is about none and never meets a
 * scoped fault. {@link io.ichido.sandbox.SandboxControl} lists the control API.
 *
 * <p>Payment status changes become the gateways' signed webhooks ({@link
 * io.ichido.sandbox.WebhookSender}); {@link io.ichido.sandbox.WebhookEvents}, {@link
 * io.ichido.sandbox.WebhookSigner} and {@link io.ichido.sandbox.WebhookSecrets} are public so that
 * integration tests can forge the same events.
 */
package io.ichido.sandbox;
