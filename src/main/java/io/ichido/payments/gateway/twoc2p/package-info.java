/**
 * 2C2P: payment tokens and inquiries over its JWT API ({@code TwoC2pApi}), its response codes
 * ({@code TwoC2pCode}, the one table of what each means) and its JWT backend notifications.
 *
 * <p>Rules: every attempt charges a new invoice number, since 2C2P charges an invoice once; a
 * notification is trusted only once its HS256 signature verifies with the merchant's secret key.
 */
package io.ichido.payments.gateway.twoc2p;
