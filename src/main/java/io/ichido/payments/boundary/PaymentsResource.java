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
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code POST /api/payments/charge}. The layer does not wrap it in a transaction ({@code
 * transactional = false}): a charge commits its own recovery points around the gateway call, and a
 * re-run finds them.
 */
@Tag(
    name = "Payments",
    description = "Charging orders through Stripe, Omise, KOMOJU and 2C2P, once per order.")
@Path("payments")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class PaymentsResource {

  @Inject Charges charges;
  @Inject CurrentIdempotencyKey currentKey;
  @Inject ReturnLinks returnLinks;

  @Operation(
      operationId = "chargeOrder",
      summary = "Charge an order",
      description =
          "Charges one of the caller's orders through a gateway (card, konbini, bank transfer, PayPay). The order is charged at most once whatever is retried: send an Idempotency-Key made once per payment attempt and retry with it; a new key for an order already paid or in doubt is refused or reconciled, never charged again.")
  @APIResponse(
      responseCode = "201",
      description =
          "The charge: succeeded, awaiting the customer (with instructions) or requiring action (with authorize_uri).",
      content =
          @Content(
              mediaType = MediaType.APPLICATION_JSON,
              schema = @Schema(implementation = ChargeView.class)))
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
