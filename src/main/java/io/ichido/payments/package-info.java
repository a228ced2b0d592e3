/**
 * Payments: charging an order through Stripe, Omise, 2C2P or KOMOJU at most once, whatever keys its
 * charge requests carry.
 *
 * <p>Rules: a charge attempt is committed before the gateway hears of it and never deleted; the
 * gateway is called with no transaction, row lock or pooled connection held, through a bounded
 * lane; an attempt whose answer was lost stays in doubt until its gateway says what happened (the
 * same request sent again under the same derived gateway key, or a search for our reference), and
 * no new attempt starts for its order meanwhile; the amount and currency must equal the order's; a
 * decline is final for its key. Payments publish past-tense events and never change an order
 * themselves; the orders, stock and email capabilities observe them.
 */
package io.ichido.payments;
