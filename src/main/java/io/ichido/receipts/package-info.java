/**
 * Receipts: the qualified invoices (インボイス制度) of paid orders and the return invoices of their
 * refunds.
 *
 * <p>Rules: a paid order gets exactly one receipt number, issued once and kept on every reprint
 * (再発行); each refund gets one return invoice for the money it gave back, split over the tax rates
 * so that all refunds of an order together return exactly what each rate was paid; a document keeps
 * the issuer's name and registration number as they were when it was issued; every number issued is
 * a fact in the payment log.
 */
package io.ichido.receipts;
