package io.ichido.payments.boundary;

import io.ichido.platform.boundary.CommonProblems;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirements;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Where a gateway sends the customer's browser after 3-D Secure or an off-site payment, on the link
 * we signed for the order ({@link GatewayReturns}): {@code /api/payments/return/<gateway>}. Stripe,
 * Omise and PayPay come back with a GET; 2C2P posts a {@code paymentResponse} form. What the
 * gateways add (Stripe's {@code payment_intent} and {@code redirect_status}, 2C2P's form) is never
 * read: a browser can write any of it, so it proves nothing, and an unread body costs no parsing.
 * The payment is read back from the gateway instead.
 */
@Tag(name = "Payments")
@Path("payments/return/{gateway: [a-z0-9]{1,20}}")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class GatewayReturnResource {

  @Inject GatewayReturns returns;

  @Operation(
      operationId = "returnFromGateway",
      summary = "Return from the gateway's page",
      description =
          "Where the gateway sends the customer's browser after 3-D Secure (Stripe's return_url, Omise's return_uri) or an off-site payment (PayPay's redirectUrl). The signed link proves which order; whatever the gateway adds is ignored and the payment read back from the gateway.")
  // The customer's browser comes back here without the API's credentials.
  @SecurityRequirements
  @APIResponse(
      responseCode = "200",
      description = "The payment as read back.",
      content =
          @Content(
              mediaType = MediaType.APPLICATION_JSON,
              schema = @Schema(implementation = ReturnView.class)))
  @APIResponse(responseCode = "303", description = GatewayReturns.SEE_OTHER)
  @APIResponse(
      responseCode = "400",
      description = CommonProblems.VALIDATION_FAILED + ".",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @APIResponse(
      responseCode = "404",
      description = "`https://ichido.dev/problems/order-not-found`: the link is not valid.",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @APIResponse(
      responseCode = "503",
      description = CommonProblems.DATABASE_UNAVAILABLE + ".",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @GET
  public Response returned(
      @PathParam("gateway") String gateway,
      @QueryParam("order_id") @NotNull @Positive Long orderId,
      @QueryParam("expires") long expires,
      @QueryParam("token") String token,
      @Context HttpHeaders headers,
      @Context UriInfo uri) {
    return returns.returned(gateway, orderId, expires, token, headers, uri);
  }

  /** 2C2P's frontend response: a form POST whose {@code paymentResponse} is never read. */
  @Operation(
      operationId = "postedReturnFromGateway",
      summary = "Return from the gateway's page, posted",
      description =
          "The same page for a gateway that posts the browser back (2C2P's frontendReturnUrl, a form with paymentResponse). The form is never read; the payment is read back from the gateway.")
  @SecurityRequirements
  @APIResponse(
      responseCode = "200",
      description = "The payment as read back.",
      content =
          @Content(
              mediaType = MediaType.APPLICATION_JSON,
              schema = @Schema(implementation = ReturnView.class)))
  @APIResponse(responseCode = "303", description = GatewayReturns.SEE_OTHER)
  @APIResponse(
      responseCode = "400",
      description = CommonProblems.VALIDATION_FAILED + ".",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @APIResponse(
      responseCode = "404",
      description = "`https://ichido.dev/problems/order-not-found`: the link is not valid.",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @APIResponse(
      responseCode = "503",
      description = CommonProblems.DATABASE_UNAVAILABLE + ".",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @POST
  @Consumes(MediaType.WILDCARD)
  public Response posted(
      @PathParam("gateway") String gateway,
      @QueryParam("order_id") @NotNull @Positive Long orderId,
      @QueryParam("expires") long expires,
      @QueryParam("token") String token,
      @Context HttpHeaders headers,
      @Context UriInfo uri) {
    return returned(gateway, orderId, expires, token, headers, uri);
  }
}
