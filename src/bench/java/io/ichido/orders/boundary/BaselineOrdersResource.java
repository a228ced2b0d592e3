package io.ichido.orders.boundary;

import io.ichido.orders.control.Orders;
import io.ichido.orders.entity.CustomerOrder;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.UriInfo;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * {@code POST /api/orders} without {@code @Idempotent}, for the benchmark only: the difference in
 * latency between the two is the layer's cost. Answers 404 unless {@code
 * ichido.bench.baseline-endpoint=true}, because unkeyed order creation is exactly what Ichido
 * exists to prevent.
 */
@Path("bench/orders")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class BaselineOrdersResource {

  @Inject Orders orders;

  @Inject
  @ConfigProperty(name = "ichido.bench.baseline-endpoint")
  boolean enabled;

  @Operation(hidden = true) // for the benchmark only: not part of the API
  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  public Response create(
      @Valid @NotNull CreateOrderRequest request,
      @Context SecurityContext caller,
      @Context UriInfo uri) {
    if (!enabled) {
      throw new NotFoundException();
    }
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
}
