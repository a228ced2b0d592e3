package io.ichido.payments.gateway.twoc2p;

import io.ichido.payments.boundary.GatewayReturns;
import io.ichido.payments.boundary.ReturnView;
import io.ichido.platform.boundary.CommonProblems;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirements;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Where 2C2P sends the customer's browser after 3-D Secure, on a link we signed for the order
 * ({@link GatewayReturns}): the payment is read back with a signed inquiry.
 */
@Tag(name = "Payments")
@Path("payments/return/2c2p")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class TwoC2pReturnResource {

  @Inject GatewayReturns returns;

  /**
   * 2C2P posts the browser here with a {@code paymentResponse} form field. That field is never
   * read: it is unsigned, so it proves nothing, and an unread body costs no parsing. The payment is
   * read back with a signed inquiry instead. GET serves a reload of the page.
   */
  @Operation(
      operationId = "returnFromTwoC2p",
      summary = "Return from 3-D Secure (2C2P)",
      description =
          "Where 2C2P sends the customer's browser after 3-D Secure (a form POST; GET for a reload). The signed link proves which order; the posted paymentResponse is ignored and the payment read back with a payment inquiry.")
  @SecurityRequirements
  @APIResponse(responseCode = "200", description = "OK")
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
  public ReturnView twoC2pPosted(
      @QueryParam("order_id") @NotNull @Positive Long orderId,
      @QueryParam("expires") long expires,
      @QueryParam("token") String token) {
    return twoC2p(orderId, expires, token);
  }

  @Operation(
      operationId = "reloadReturnFromTwoC2p",
      summary = "Return from 3-D Secure (2C2P), reloaded",
      description =
          "The same page as the form POST, for a browser that reloads it: the payment read back with a payment inquiry.")
  @SecurityRequirements
  @APIResponse(responseCode = "200", description = "OK")
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
  public ReturnView twoC2p(
      @QueryParam("order_id") @NotNull @Positive Long orderId,
      @QueryParam("expires") long expires,
      @QueryParam("token") String token) {
    return returns.returned("2c2p", orderId, expires, token);
  }
}
