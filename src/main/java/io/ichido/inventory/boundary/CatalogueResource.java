package io.ichido.inventory.boundary;

import io.ichido.inventory.control.Inventory;
import io.ichido.inventory.entity.CatalogueItem;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;

/** {@code GET /api/catalogue}: what a shop's checkout page offers. */
@Path("catalogue")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class CatalogueResource {

  /** A checkout page shows one screen of products, not a warehouse. */
  static final int LIMIT = 200;

  @Inject Inventory inventory;

  @GET
  public List<CatalogueItem> list() {
    return inventory.catalogue(LIMIT);
  }
}
