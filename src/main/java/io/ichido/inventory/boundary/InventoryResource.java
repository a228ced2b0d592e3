package io.ichido.inventory.boundary;

import io.ichido.inventory.control.Inventory;
import io.ichido.inventory.entity.StockLevel;
import io.ichido.platform.boundary.CommonProblems;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Tag(name = "Catalogue")
@Path("inventory")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class InventoryResource {

  @Inject Inventory inventory;

  @Operation(
      operationId = "getStockLevel",
      summary = "Read a stock level",
      description = "Units on hand, reserved by orders, and available, for one SKU.")
  @APIResponse(responseCode = "200", description = "OK")
  @APIResponse(
      responseCode = "404",
      description = "`https://ichido.dev/problems/unknown-sku`: no such SKU.",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @APIResponse(
      responseCode = "503",
      description = CommonProblems.DATABASE_UNAVAILABLE + ".",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @GET
  @Path("{sku}")
  public StockLevel level(@PathParam("sku") String sku) {
    return inventory.level(sku);
  }
}
