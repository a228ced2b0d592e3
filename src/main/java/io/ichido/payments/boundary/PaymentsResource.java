package io.ichido.payments.boundary;

import io.ichido.idempotency.boundary.CurrentIdempotencyKey;
import io.ichido.idempotency.boundary.Idempotent;
import io.ichido.payments.control.CardDeclined;
import io.ichido.payments.control.ChargeOutcome;
import io.ichido.payments.control.Charges;
import io.ichido.payments.control.GatewayRejected;
import io.ichido.payments.control.ReturnLinks;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.UriInfo;

/**
 * {@code POST /api/payments/charge}. The layer does not wrap it in a transaction ({@code
 * transactional = false}): a charge commits its own recovery points around the gateway call, and a
 * re-run finds them.
 */
@Path("payments")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class PaymentsResource {

  @Inject Charges charges;
  @Inject CurrentIdempotencyKey currentKey;
  @Inject ReturnLinks returnLinks;

  @POST
  @Path("charge")
  @Idempotent(transactional = false)
  @Consumes(MediaType.APPLICATION_JSON)
  public Response charge(
      @Valid @NotNull ChargeRequest request,
      @Context SecurityContext caller,
      @Context UriInfo uri) {
    // The layer has already refused a missing or malformed key.
    String key = currentKey.key().orElseThrow();
    String scope = currentKey.scope().orElseThrow();
    ReturnLinks.Signed link = returnLinks.sign(request.gateway(), request.orderId());
    String returnUrl =
        uri.getBaseUriBuilder()
            .path("payments/return")
            .path(request.gateway())
            .queryParam("order_id", request.orderId())
            .queryParam("expires", link.expires())
            .queryParam("token", link.token())
            .build()
            .toString();
    ChargeOutcome outcome =
        charges.charge(
            caller.getUserPrincipal().getName(), scope, key, request.toCharge(), returnUrl);
    return switch (outcome.attempt().status()) {
      case DECLINED -> throw new CardDeclined(outcome.attempt());
      case REJECTED ->
          throw new GatewayRejected(outcome.attempt().gateway(), outcome.attempt().failureCode());
      case NEEDS_REVIEW ->
          throw new GatewayRejected(
              outcome.attempt().gateway(), "answered another amount or currency");
      default -> Response.status(Response.Status.CREATED).entity(ChargeView.of(outcome)).build();
    };
  }
}
