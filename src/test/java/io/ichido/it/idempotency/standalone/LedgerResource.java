package io.ichido.it.idempotency.standalone;

import io.ichido.idempotency.boundary.Idempotent;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Status;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.ConnectException;

/**
 * The endpoint a team wrote for the test: it writes a row, then answers as told, so every row of
 * the contract can be provoked. It is told by headers, which are not part of the request
 * fingerprint (the query string is), so a retry can drop the misbehaviour and still count as the
 * same request.
 */
@Path("ledger")
@RequestScoped
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
public class LedgerResource {

  /** How long to sleep after writing the row, in milliseconds. */
  public static final String SLEEP_MS = "X-Ledger-Sleep-Ms";

  /** How to fail after writing the row: transient, busy, server-error, client-error, unexpected. */
  public static final String FAIL = "X-Ledger-Fail";

  @Inject LedgerRows rows;

  @Resource(lookup = "java:comp/TransactionSynchronizationRegistry")
  TransactionSynchronizationRegistry transactions;

  @POST
  @Idempotent
  @Transactional
  public Response add(
      String body,
      @HeaderParam("Idempotency-Key") String key,
      @HeaderParam(SLEEP_MS) @DefaultValue("0") long sleepMs,
      @HeaderParam(FAIL) @DefaultValue("") String fail)
      throws Exception {
    return write(body, key, sleepMs, fail);
  }

  @POST
  @Path("optional")
  @Idempotent(required = false)
  @Transactional
  public Response optional(String body, @HeaderParam("Idempotency-Key") String key)
      throws Exception {
    return write(body, key, 0, "");
  }

  @POST
  @Path("short-lived")
  @Idempotent(retention = "PT4S")
  @Transactional
  public Response shortLived(String body, @HeaderParam("Idempotency-Key") String key)
      throws Exception {
    return write(body, key, 0, "");
  }

  /**
   * Manages its own transactions, as an endpoint that calls the outside world between them does;
   * refuses to run inside one, so a transaction opened by the layer shows as a 500.
   */
  @POST
  @Path("outside")
  @Idempotent(transactional = false)
  public Response outside(
      String body,
      @HeaderParam("Idempotency-Key") String key,
      @HeaderParam(FAIL) @DefaultValue("") String fail)
      throws Exception {
    if (transactions.getTransactionStatus() != Status.STATUS_NO_TRANSACTION) {
      return Response.status(500).entity("{\"error\":\"ran inside a transaction\"}").build();
    }
    rows.addAlone(key, body);
    return answer(key, fail);
  }

  private Response write(String body, String key, long sleepMs, String fail) throws Exception {
    rows.add(key, body);
    if (sleepMs > 0) {
      Thread.sleep(sleepMs);
    }
    return answer(key, fail);
  }

  private Response answer(String key, String fail) throws Exception {
    switch (fail) {
      case "transient" -> throw new ConnectException("downstream refused the connection");
      case "busy" -> throw new LedgerBusy();
      case "server-error" -> {
        return Response.status(503).entity("{\"error\":\"busy\"}").build();
      }
      case "client-error" -> {
        return Response.status(402).entity("{\"error\":\"declined\"}").build();
      }
      case "unexpected" -> throw new IllegalStateException("a bug");
      default -> {}
    }
    boolean inTransaction = transactions.getTransactionStatus() != Status.STATUS_NO_TRANSACTION;
    return Response.status(201)
        .entity(
            "{\"key\":\""
                + key
                + "\",\"inTransaction\":"
                + inTransaction
                + ",\"nanos\":"
                + System.nanoTime()
                + "}")
        .build();
  }
}
