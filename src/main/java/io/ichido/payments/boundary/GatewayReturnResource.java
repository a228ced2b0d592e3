package io.ichido.payments.boundary;

import io.ichido.payments.control.Charges;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/**
 * Where the customer's browser lands after 3-D Secure. Anyone can call it, so it changes nothing on
 * its word: it only makes us ask the gateway how the order's charge stands.
 */
@Path("payments/return")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class GatewayReturnResource {

  @Inject Charges charges;

  @GET
  @Path("omise")
  public ChargeView omise(@QueryParam("order_id") @NotNull @Positive Long orderId) {
    return ChargeView.of(charges.refresh(orderId, "omise"));
  }
}
