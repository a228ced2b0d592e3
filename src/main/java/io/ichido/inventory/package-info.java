/**
 * The catalogue (SKU, name, unit price in JPY, consumption-tax rate) and stock per SKU.
 *
 * <p>Rules: stock is reserved by one conditional UPDATE, so {@code reserved} can never exceed
 * {@code onHand} (the database enforces it too); quantities are always positive.
 */
package io.ichido.inventory;
