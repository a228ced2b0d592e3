package io.ichido.payments.boundary;

import io.ichido.payments.control.Charges;
import io.ichido.payments.control.ReturnLinks;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * What every gateway's return page does when the customer's browser lands on it after 3-D Secure
 * (each gateway's page is a resource in its own package, under {@code
 * /api/payments/return/<name>}). Anyone can call such a page, so it answers only to a link we
 * signed for that order ({@link ReturnLinks}), changes nothing on its word (it only makes us ask
 * the gateway how the order's charge stands) and tells only what the payer needs.
 */
@ApplicationScoped
public class GatewayReturns {

  @Inject Charges charges;
  @Inject ReturnLinks links;
  @Inject PayableOrders orders;

  public ReturnView returned(String gateway, long orderId, long expires, String token) {
    if (!links.valid(gateway, orderId, expires, token)) {
      // The same answer as for an order that does not exist: a guess learns nothing.
      throw orders.notFound(orderId);
    }
    return ReturnView.of(charges.refresh(orderId, gateway));
  }
}
