/**
 * Stripe: PaymentIntents through stripe-java (its HTTP traced by {@code TracedStripeHttp}), and its
 * signed event objects.
 *
 * <p>Rules: the PaymentIntent id is the charge id; the metadata carries our reference and order id,
 * which a webhook falls back on when it names no charge of ours.
 */
package io.ichido.payments.gateway.stripe;
