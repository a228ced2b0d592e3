package io.ichido.inventory.boundary;

import io.ichido.inventory.control.Inventory;
import io.ichido.inventory.entity.CatalogueItem;
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

/** {@code GET /api/catalogue}: what a shop's checkout page offers. */
@Tag(name = "Catalogue", description = "What is for sale, and how much of it.")
@Path("catalogue")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class CatalogueResource {

  /** A checkout page shows one screen of products, not a warehouse. */
  static final int LIMIT = 200;

  @Inject Inventory inventory;

  @Operation(
      operationId = "listCatalogue",
      summary = "List the catalogue",
      description =
          "Up to 200 products by name: tax-exclusive unit price in yen, consumption tax rate, units not yet reserved.")
  @APIResponse(responseCode = "200", description = "OK")
  @APIResponse(
      responseCode = "503",
      description = CommonProblems.DATABASE_UNAVAILABLE + ".",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @GET
  public List<CatalogueItem> list() {
    return inventory.catalogue(LIMIT);
  }
}
