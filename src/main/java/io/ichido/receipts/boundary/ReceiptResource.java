package io.ichido.receipts.boundary;

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

/**
 * {@code GET /api/orders/{id}/receipt}: the printable receipt of the caller's paid order, with the
 * return invoices of its refunds, as one HTML page. The first printout of a document whose original
 * was never sent is the original; every other says 再発行.
 */
@Path("orders/{id: \\d{1,18}}/receipt")
@RequestScoped
public class ReceiptResource {

  @Inject Receipts receipts;

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
