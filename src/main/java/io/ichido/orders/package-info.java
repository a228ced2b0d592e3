/**
 * Orders: what a caller buys, at which prices and taxes, and where its payment stands.
 *
 * <p>Rules: an order is created together with the stock reservations for all its lines, or not at
 * all; amounts are whole yen, consumption tax is computed once per rate per order (the
 * qualified-invoice rule) and rounded down; an order is visible only to the caller who placed it.
 */
package io.ichido.orders;
