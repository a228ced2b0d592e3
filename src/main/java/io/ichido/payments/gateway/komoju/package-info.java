/**
 * KOMOJU: payments over its REST API ({@code KomojuApi}), its error codes ({@code KomojuCode}) and
 * its signed events.
 *
 * <p>Rules: KOMOJU signs no timestamp, so a delivery is bounded by its event id and its own {@code
 * created_at}; {@code external_order_num} carries our reference.
 */
package io.ichido.payments.gateway.komoju;
