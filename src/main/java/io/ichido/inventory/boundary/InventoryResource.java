package io.ichido.inventory.boundary;

import io.ichido.inventory.control.Inventory;
import io.ichido.inventory.entity.StockLevel;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
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
  @GET
  @Path("{sku}")
  public StockLevel level(@PathParam("sku") String sku) {
    return inventory.level(sku);
  }
}
