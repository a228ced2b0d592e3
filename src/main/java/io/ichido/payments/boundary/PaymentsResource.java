package io.ichido.payments.boundary;

import io.ichido.idempotency.boundary.CurrentIdempotencyKey;
import io.ichido.idempotency.boundary.Idempotent;
import io.ichido.payments.control.CardDeclined;
import io.ichido.payments.control.ChargeOutcome;
import io.ichido.payments.control.Charges;
import io.ichido.payments.control.GatewayRejected;
import io.ichido.payments.control.ReturnLinks;
import io.ichido.payments.entity.ChargeAttempt;
import io.ichido.platform.boundary.CommonProblems;
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
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
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
          "Charges one of the caller's orders through a gateway (card, konbini, bank transfer, PayPay, Rakuten Pay). The order is charged at most once whatever is retried: send an Idempotency-Key made once per payment attempt and retry with it; a new key for an order already paid or in doubt is refused or reconciled, never charged again.")
  @APIResponse(
      responseCode = "201",
      description =
          "The charge: succeeded, awaiting the customer (with instructions) or requiring action (with authorize_uri).",
      content =
          @Content(
              mediaType = MediaType.APPLICATION_JSON,
              schema = @Schema(implementation = ChargeView.class)))
  @APIResponse(
      responseCode = "400",
      description =
          CommonProblems.VALIDATION_FAILED
              + "; "
              + CommonProblems.MALFORMED_JSON
              + "; `https://ichido.dev/problems/unknown-gateway`: no gateway of that name"
              + "; `https://ichido.dev/problems/gateway-disabled`: that gateway is not configured here"
              + "; `https://ichido.dev/problems/payment-method-unsupported`: the gateway does not take that method"
              + "; `https://ichido.dev/problems/amount-mismatch`: amount or currency is not the order's.",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @APIResponse(
      responseCode = "402",
      description =
          "`https://ichido.dev/problems/card-declined`: the gateway declined the card: final for this key.",
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
          "`https://ichido.dev/problems/order-already-paid`: another charge paid this order"
              + "; `https://ichido.dev/problems/order-awaiting-payment`: the customer is paying elsewhere (konbini, bank)"
              + "; `https://ichido.dev/problems/order-not-payable`: the order expired, failed or is refunded"
              + "; `https://ichido.dev/problems/payment-in-doubt`: an earlier charge's outcome is not known yet; retry.",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @APIResponse(
      responseCode = "502",
      description =
          "`https://ichido.dev/problems/gateway-rejected`: the gateway refused the request.",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @APIResponse(
      responseCode = "503",
      description =
          "`https://ichido.dev/problems/gateway-unavailable`: no answer from the gateway; retry with the same key"
              + "; `https://ichido.dev/problems/gateway-busy`: too many charges in flight; retry"
              + "; `https://ichido.dev/problems/gateway-misconfigured`: the gateway's configuration is unsafe"
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
          {"order_id":41,"amount":5672,"currency":"JPY","gateway":"komoju","method":"konbini",\
          "name":"Sato Hanako","email":"hanako@example.jp","phone":"09012345678","store":"lawson"}"""))
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
    if (ChargeAttempt.RETURNED_BY_GATEWAY.equals(outcome.attempt().failureCode())) {
      // Paid as we cancelled it, and given all back by the gateway: nothing taken, pay again.
      throw new CardDeclined(outcome.attempt());
    }
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
