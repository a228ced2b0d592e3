package io.ichido.payments.boundary;

import io.ichido.idempotency.boundary.CurrentIdempotencyKey;
import io.ichido.idempotency.boundary.Idempotent;
import io.ichido.payments.control.MerchantRefund;
import io.ichido.payments.control.MerchantRefunds;
import io.ichido.platform.boundary.CommonProblems;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.UriInfo;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code POST /api/orders/{id}/refunds}. Like a charge, the layer does not wrap it in a transaction
 * ({@code transactional = false}): the refund commits its intent before the gateway hears of it and
 * its answer after, and a re-run with the same key finds them.
 */
@Tag(name = "Payments")
@Path("orders/{id: \\d{1,18}}/refunds")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class RefundsResource {

  @Inject MerchantRefunds refunds;
  @Inject CurrentIdempotencyKey currentKey;
  @Inject ReturnInvoices invoices;

  @Operation(
      operationId = "refundOrder",
      summary = "Refund a paid order, in whole or in part",
      description =
          "Gives back part or all of what is left of one of the caller's paid orders, through the gateway that took the money, once whatever is retried: send an Idempotency-Key made once per refund and retry with it. The answer names the refund and the return invoice (適格返還請求書) it caused. The gateway's refund webhook that follows is the same refund: no second invoice or e-mail.")
  @APIResponse(
      responseCode = "201",
      description = "The refund, given back by the gateway, and its return invoice.",
      content =
          @Content(
              mediaType = MediaType.APPLICATION_JSON,
              schema = @Schema(implementation = RefundView.class)))
  @APIResponse(
      responseCode = "400",
      description = CommonProblems.VALIDATION_FAILED + "; " + CommonProblems.MALFORMED_JSON + ".",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @APIResponse(
      responseCode = "404",
      description = "`https://ichido.dev/problems/order-not-found`: no such order of the caller's.",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @APIResponse(
      responseCode = "409",
      description =
          "`https://ichido.dev/problems/order-not-refundable`: the order is not paid (cancel an unpaid one instead)"
              + "; `https://ichido.dev/problems/refund-exceeds-balance`: more than is left to refund (also for a refund whose first send was not answered, when refunds made in the gateway's portal meanwhile leave less: it is not sent again)"
              + "; `https://ichido.dev/problems/surplus-not-returned`: what the payment took beyond the price has not gone back yet (its return was refused: an operator gives it back from the review queue first)"
              + "; `https://ichido.dev/problems/refund-not-by-api`: its gateway's refunds are not made by API here (2C2P without its Payment Maintenance keys)"
              + "; `https://ichido.dev/problems/refund-duplicate`: the same amount was just refunded under another key (send `repeat: true` to mean it)"
              + "; `https://ichido.dev/problems/refund-in-doubt`: another refund of the order is not settled yet; retry after Retry-After."
              + " Nothing was given back in any of these.",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @APIResponse(
      responseCode = "502",
      description =
          "`https://ichido.dev/problems/gateway-rejected`: the gateway refused the refund, or does not know the charge (404); the detail and `gateway_says` give its words. Nothing was given back.",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @APIResponse(
      responseCode = "503",
      description =
          "`https://ichido.dev/problems/refund-unanswered`: the gateway has not answered; the refund is sent again under its own key, never twice: retry with the same Idempotency-Key"
              + "; "
              + CommonProblems.DATABASE_UNAVAILABLE
              + ".",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @RequestBody(
      required = true,
      content =
          @Content(
              mediaType = MediaType.APPLICATION_JSON,
              example =
                  """
          {"amount":1000,"reason":"one mug arrived broken"}"""))
  @POST
  @Idempotent(transactional = false)
  @Consumes(MediaType.APPLICATION_JSON)
  public Response refund(
      @PathParam("id") long orderId,
      @Valid @NotNull RefundRequest request,
      @Context SecurityContext caller,
      @Context UriInfo uri) {
    // The layer has already refused a missing or malformed key.
    MerchantRefund refund =
        refunds.refund(
            caller.getUserPrincipal().getName(),
            currentKey.scope().orElseThrow(),
            currentKey.key().orElseThrow(),
            orderId,
            request.amount(),
            request.reason(),
            request.repeated());
    RefundView.ReturnInvoice invoice =
        invoices
            .covering(orderId, refund.through())
            .map(
                i ->
                    new RefundView.ReturnInvoice(
                        i.number(),
                        i.amount(),
                        i.tax(),
                        i.issuedAt(),
                        uri.getBaseUriBuilder()
                            .path("orders")
                            .path(Long.toString(orderId))
                            .path("receipt")
                            .build()
                            .toString()))
            .orElse(null);
    return Response.status(Response.Status.CREATED).entity(RefundView.of(refund, invoice)).build();
  }
}
