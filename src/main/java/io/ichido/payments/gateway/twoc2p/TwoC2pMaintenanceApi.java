package io.ichido.payments.gateway.twoc2p;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * 2C2P's Payment Maintenance API (its own host, {@code ichido.gateway.2c2p.maintenance-url}): body
 * and answer a JWS over a JWE of the XML ({@link TwoC2pJose}), as plain text.
 */
@Path("/PaymentAction/2.0/action")
@Produces(MediaType.TEXT_PLAIN)
@Consumes(MediaType.TEXT_PLAIN)
public interface TwoC2pMaintenanceApi {

  @POST
  Response action(String sealedRequest);
}
