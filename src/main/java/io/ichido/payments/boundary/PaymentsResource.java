package io.ichido.payments.boundary;

import io.ichido.idempotency.boundary.CurrentIdempotencyKey;
import io.ichido.idempotency.boundary.Idempotent;
import io.ichido.payments.control.Payments;
import io.ichido.payments.entity.ChargeStatus;
import io.ichido.platform.boundary.Problem;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.UriInfo;

@Path("payments")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class PaymentsResource {

  @Inject Payments payments;
  @Inject CurrentIdempotencyKey currentKey;

  @POST
  @Path("charge")
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  public Response charge(
      @Valid @NotNull ChargeRequest request,
      @Context HttpHeaders headers,
      @Context SecurityContext caller,
      @Context UriInfo uri) {
    // The layer has already refused a missing or malformed key and claimed this one.
    String key =
        currentKey.key().orElseThrow(() -> new IllegalStateException("@Idempotent claims first"));
    String returnUrl =
        uri.getBaseUriBuilder()
            .path("payments/return")
            .path(request.gateway())
            .queryParam("order_id", request.orderId())
            .build()
            .toString();
    Payments.Outcome outcome =
        payments.charge(caller.getUserPrincipal().getName(), key, request.toCharge(), returnUrl);
    if (outcome.attempt().status() == ChargeStatus.DECLINED) {
      return Response.status(402)
          .type(Problem.MEDIA_TYPE)
          .entity(DeclinedProblem.of(outcome))
          .build();
    }
    return Response.status(Response.Status.CREATED).entity(ChargeView.of(outcome)).build();
  }
}
