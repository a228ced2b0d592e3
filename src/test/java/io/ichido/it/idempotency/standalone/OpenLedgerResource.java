package io.ichido.it.idempotency.standalone;

import io.ichido.idempotency.boundary.Idempotent;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * Endpoints the team left open to callers who do not sign in (web.xml protects only the ledger),
 * one naming who the caller is by a header, as a proxy in front might set it, one forgetting to.
 */
@Path("open")
@RequestScoped
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
public class OpenLedgerResource {

  public static final String TENANT = "X-Tenant";

  @Inject LedgerRows rows;

  /** Names no scope: the layer must refuse anonymous callers rather than let them share one. */
  @POST
  @Path("unscoped")
  @Idempotent
  @Transactional
  public Response unscoped(String body, @HeaderParam("Idempotency-Key") String key) {
    rows.add(key, body);
    return Response.status(201).entity("{\"nanos\":" + System.nanoTime() + "}").build();
  }

  @POST
  @Path("tenants")
  @Idempotent(scopeHeader = TENANT)
  @Transactional
  public Response perTenant(
      String body, @HeaderParam("Idempotency-Key") String key, @HeaderParam(TENANT) String tenant) {
    rows.add(key, body);
    return Response.status(201)
        .entity("{\"tenant\":\"" + tenant + "\",\"nanos\":" + System.nanoTime() + "}")
        .build();
  }
}
