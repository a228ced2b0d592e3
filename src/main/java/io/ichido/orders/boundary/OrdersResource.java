package io.ichido.orders.boundary;

import io.ichido.idempotency.boundary.Idempotent;
import io.ichido.orders.control.Orders;
import io.ichido.orders.entity.CustomerOrder;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.UriInfo;

@Path("orders")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class OrdersResource {

  @Inject Orders orders;

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

  @GET
  @Path("{id: \\d{1,18}}")
  public OrderView get(@PathParam("id") long id, @Context SecurityContext caller) {
    return OrderView.of(orders.find(caller.getUserPrincipal().getName(), id));
  }
}
