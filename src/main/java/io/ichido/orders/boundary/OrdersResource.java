package io.ichido.orders.boundary;

import io.ichido.idempotency.boundary.Idempotent;
import io.ichido.orders.control.Orders;
import io.ichido.orders.entity.CustomerOrder;
import io.ichido.payments.boundary.OrderPaymentRecords;
import io.ichido.payments.boundary.PaymentCancellations;
import io.ichido.platform.boundary.CommonProblems;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotSupportedException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
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

@Tag(
    name = "Orders",
    description = "Orders: what a caller buys, with stock reserved and tax per rate.")
@Path("orders")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class OrdersResource {

  @Inject Orders orders;
  @Inject OrderPaymentRecords payments;
  @Inject PaymentCancellations cancellations;

  @Operation(
      operationId = "createOrder",
      summary = "Place an order",
      description =
          "Creates an order for the caller and reserves its stock, all or nothing. Send an Idempotency-Key made once per order: a retry with it answers the same order (Idempotency-Replayed: true) instead of placing another.")
  @APIResponse(
      responseCode = "201",
      description =
          "The order, its stock reserved (or the stored answer of an earlier try with this key).",
      content =
          @Content(
              mediaType = MediaType.APPLICATION_JSON,
              schema = @Schema(implementation = OrderView.class)))
  @APIResponse(
      responseCode = "400",
      description = CommonProblems.VALIDATION_FAILED + "; " + CommonProblems.MALFORMED_JSON + ".",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @APIResponse(
      responseCode = "409",
      description =
          "`https://ichido.dev/problems/out-of-stock`: fewer units are available than ordered.",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @APIResponse(
      responseCode = "503",
      description = CommonProblems.DATABASE_UNAVAILABLE + ".",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @RequestBody(
      required = true,
      content =
          @Content(
              mediaType = MediaType.APPLICATION_JSON,
              example =
                  """
          {"customer":"hanako@example.jp","currency":"JPY",\
          "items":[{"sku":"TEA-SENCHA-100G","quantity":2},{"sku":"MUG-ARITA","quantity":1}]}"""))
  @POST
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  public Response create(
      @Valid @NotNull CreateOrderRequest request,
      @Context SecurityContext caller,
      @Context UriInfo uri) {
    CustomerOrder order =
        orders.place(
            caller.getUserPrincipal().getName(),
            request.customer(),
            request.currency(),
            request.wanted());
    return Response.created(
            uri.getBaseUriBuilder().path("orders").path(order.id().toString()).build())
        .entity(OrderView.of(order))
        .build();
  }

  @Operation(
      operationId = "getOrder",
      summary = "Read an order",
      description =
          "One of the caller's orders: its lines, tax per rate, amount, status, what was refunded,"
              + " and every charge attempt with what its gateway reported.")
  @APIResponse(responseCode = "200", description = "OK")
  @APIResponse(
      responseCode = "404",
      description = "`https://ichido.dev/problems/order-not-found`: no such order of the caller's.",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @APIResponse(
      responseCode = "503",
      description = CommonProblems.DATABASE_UNAVAILABLE + ".",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @GET
  @Path("{id: \\d{1,18}}")
  public OrderView get(@PathParam("id") long id, @Context SecurityContext caller) {
    CustomerOrder order = orders.find(caller.getUserPrincipal().getName(), id);
    return OrderView.of(order, payments.of(order.id()));
  }

  @Operation(
      operationId = "cancelOrder",
      summary = "Cancel an unpaid order",
      description =
          "Calls off one of the caller's orders that is not paid yet: any payment of it still"
              + " waiting on the customer is ended at its gateway first where the gateway allows"
              + " (Stripe, KOMOJU; at Omise and 2C2P it stays open, and money it still takes goes"
              + " back by itself), then the order becomes CANCELLED and its stock goes back on"
              + " sale, once. The body may be empty or give a reason, which the payment log keeps"
              + " with the caller. An order cancelled already answers 200 as it stands. Send an"
              + " Idempotency-Key made once per cancel.")
  @APIResponse(
      responseCode = "200",
      description = "The order, CANCELLED, with its payments.",
      content =
          @Content(
              mediaType = MediaType.APPLICATION_JSON,
              schema = @Schema(implementation = OrderView.class)))
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
          "`https://ichido.dev/problems/order-paid-refund-instead`: the order is paid; refund it"
              + " with POST /api/orders/{id}/refunds"
              + "; `https://ichido.dev/problems/order-not-cancellable`: the order expired, failed,"
              + " was refunded or is in review"
              + "; `https://ichido.dev/problems/payment-in-doubt`: a charge of the order may have"
              + " been made and its gateway cannot say yet; nothing was cancelled, retry after"
              + " Retry-After.",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @APIResponse(
      responseCode = "503",
      description = CommonProblems.DATABASE_UNAVAILABLE + ".",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @RequestBody(
      required = false,
      content =
          @Content(
              mediaType = MediaType.APPLICATION_JSON,
              example =
                  """
          {"reason":"the customer changed their mind"}"""))
  @POST
  @Path("{id: \\d{1,18}}/cancel")
  @Idempotent(transactional = false)
  @Consumes(MediaType.APPLICATION_JSON)
  public OrderView cancel(
      @PathParam("id") long id, @Valid CancelRequest request, @Context SecurityContext caller) {
    String owner = caller.getUserPrincipal().getName();
    String reason = request == null || request.reason() == null ? null : request.reason().strip();
    cancellations.cancel(owner, id, reason == null || reason.isEmpty() ? null : reason);
    CustomerOrder order = orders.find(owner, id);
    return OrderView.of(order, payments.of(order.id()));
  }

  /**
   * The same cancel sent with no body at all, and so no Content-Type ({@code curl -X POST}); a body
   * of any type but JSON is refused, as the JSON method's would be.
   */
  @Operation(hidden = true)
  @POST
  @Path("{id: \\d{1,18}}/cancel")
  @Idempotent(transactional = false)
  public OrderView cancelWithoutBody(
      @PathParam("id") long id, @Context HttpHeaders headers, @Context SecurityContext caller) {
    if (headers.getMediaType() != null) {
      throw new NotSupportedException();
    }
    return cancel(id, null, caller);
  }
}
