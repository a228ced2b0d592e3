/**
 * Payments: charging an order through Stripe, Omise, 2C2P or KOMOJU exactly once.
 *
 * <p>Rules: the client's Idempotency-Key is forwarded to the gateway (2C2P: the invoice number
 * {@code ORDER-<id>}), so a retry after any failure can never create a second charge; the order is
 * locked while its payment is decided; an attempt is recorded before the gateway is called and
 * keeps what the gateway answered; the amount and currency must equal the order's; a decline is a
 * final answer for its key. Gateway answers are trusted only when read from the gateway's API.
 */
package io.ichido.payments;
