/**
 * 2C2P: payment tokens and inquiries over its JWT API ({@code TwoC2pApi}), its response codes
 * ({@code TwoC2pCode}, the one table of what each means), its JWT backend notifications, and
 * refunds over its Payment Maintenance API ({@code TwoC2pMaintenanceApi}: XML in {@code
 * TwoC2pJose}'s envelope, JWE to 2C2P's key inside a JWS by ours).
 *
 * <p>Rules: every attempt charges a new invoice number, since 2C2P charges an invoice once; a
 * notification is trusted only once its HS256 signature verifies with the merchant's secret key, a
 * maintenance answer only once 2C2P's PS256 signature verifies and our key decrypts it.
 */
package io.ichido.payments.gateway.twoc2p;
