package io.ichido.payments.boundary;

import io.ichido.payments.control.Gateways;
import io.ichido.payments.entity.PaymentMethod;
import io.ichido.platform.boundary.CommonProblems;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code GET /api/payments/methods}: the gateways a charge may go through now, each with the
 * methods it takes, so that a checkout page offers nothing {@code POST /api/payments/charge} would
 * refuse.
 */
@Tag(name = "Payments")
@Path("payments/methods")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class PaymentMethodsResource {

  @Inject Gateways gateways;

  /** One gateway and the methods it takes, as {@code POST /api/payments/charge} names them. */
  public record GatewayMethods(String gateway, List<String> methods) {}

  @Operation(
      operationId = "listPaymentMethods",
      summary = "List payment methods",
      description =
          "The gateways a charge may go through now (enabled and safely configured), each with the methods it takes.")
  @APIResponse(responseCode = "200", description = "OK")
  @APIResponse(
      responseCode = "503",
      description = CommonProblems.DATABASE_UNAVAILABLE + ".",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @GET
  public List<GatewayMethods> list() {
    return gateways.usable().stream()
        .map(
            gateway ->
                new GatewayMethods(
                    gateway.name(),
                    gateway.methods().stream().sorted().map(PaymentMethod::wireName).toList()))
        .toList();
  }
}
