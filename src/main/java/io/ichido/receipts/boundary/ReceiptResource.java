package io.ichido.receipts.boundary;

import io.ichido.platform.boundary.CommonProblems;
import io.ichido.receipts.control.ReceiptPage;
import io.ichido.receipts.control.Receipts;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code GET /api/orders/{id}/receipt}: the printable receipt of the caller's paid order, with the
 * return invoices of its refunds, as one HTML page. The first printout of a document whose original
 * was never sent is the original; every other says 再発行.
 */
@Tag(name = "Receipts", description = "Qualified invoices (適格簡易請求書) and return invoices (適格返還請求書).")
@Path("orders/{id: \\d{1,18}}/receipt")
@RequestScoped
public class ReceiptResource {

  @Inject Receipts receipts;

  @Operation(
      operationId = "printReceipt",
      summary = "Print an order's receipt",
      description =
          "The receipt of one of the caller's paid orders and the return invoices of its refunds, as one printable HTML page. A document whose original already went out is marked 再発行 (reissued) and keeps its number.")
  @APIResponse(responseCode = "200", description = "OK")
  @APIResponse(
      responseCode = "404",
      description =
          "`https://ichido.dev/problems/order-not-found`: no such order of the caller's"
              + "; `https://ichido.dev/problems/receipt-not-issued`: the order is not paid.",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @APIResponse(
      responseCode = "503",
      description = CommonProblems.DATABASE_UNAVAILABLE + ".",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @GET
  @Produces(MediaType.TEXT_HTML + ";charset=utf-8")
  public Response print(@PathParam("id") long id, @Context SecurityContext caller) {
    String page = ReceiptPage.html(receipts.print(caller.getUserPrincipal().getName(), id));
    return Response.ok(page)
        .header("Content-Security-Policy", ReceiptPage.CONTENT_SECURITY_POLICY)
        .header("Cache-Control", "no-store")
        .header("X-Content-Type-Options", "nosniff")
        .build();
  }
}
