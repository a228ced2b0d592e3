/**
 * What every payment gateway offers and what the rest of Ichido may ask of one: {@link
 * io.ichido.payments.gateway.Gateway} names its beans, {@link
 * io.ichido.payments.gateway.GatewayWebhook} reads its deliveries in the {@link
 * io.ichido.payments.gateway.SignatureFrame} the webhooks capability offers.
 *
 * <p>Rules: one gateway, one sub-package (its client, codes, webhook dialect), found as CDI beans
 * by its {@code @Gateway} qualifier, never named in common code; a gateway package depends on this
 * package and on {@code payments.control}, never on another gateway or on {@code webhooks}.
 */
package io.ichido.payments.gateway;
