package io.ichido.payments.gateway.paypay;

import io.ichido.payments.boundary.GatewayReturns;
import io.ichido.payments.boundary.ReturnView;
import io.ichido.platform.boundary.CommonProblems;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import jakarta.ws.rs.GET;
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
 * Where the customer's browser lands after paying in PayPay, on a link we signed for the order
 * ({@link GatewayReturns}): the charge is read back from PayPay, never taken on the browser's word.
 */
@Tag(name = "Payments")
@Path("payments/return/paypay")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class PayPayReturnResource {

  @Inject GatewayReturns returns;

  @Operation(
      operationId = "returnFromPayPay",
      summary = "Return from PayPay",
      description =
          "Where PayPay sends the customer's browser after paying in PayPay. The signed link proves which order; the charge is read back from PayPay, since the return itself proves nothing.")
  // The customer's browser comes back here without the API's credentials.
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
  public ReturnView paypay(
      @QueryParam("order_id") @NotNull @Positive Long orderId,
      @QueryParam("expires") long expires,
      @QueryParam("token") String token) {
    return returns.returned("paypay", orderId, expires, token);
  }
}
