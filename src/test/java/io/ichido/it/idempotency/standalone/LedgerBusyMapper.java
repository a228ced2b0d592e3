package io.ichido.it.idempotency.standalone;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** Answers {@link LedgerBusy} with a 4xx, which the layer would otherwise record and replay. */
@Provider
public class LedgerBusyMapper implements ExceptionMapper<LedgerBusy> {

  @Override
  public Response toResponse(LedgerBusy busy) {
    return Response.status(409)
        .type(MediaType.APPLICATION_JSON_TYPE)
        .entity("{\"error\":\"ledger-busy\"}")
        .build();
  }
}
