package io.ichido.it.idempotency.standalone;

import io.ichido.idempotency.boundary.Idempotent;
import io.ichido.idempotency.boundary.Idempotent.Failures;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;

/**
 * Endpoints that use {@code @Idempotent}'s options, as a team would: chosen fields in the
 * fingerprint, the key in the body, a cap on stored answers, which failures are kept. Each writes a
 * ledger row under the request's key, so a test can count how often it ran.
 */
@Path("ledger/options")
@RequestScoped
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
public class LedgerOptionsResource {

  /** A payment as a client with a nonce and a send time in every retry sends it. */
  public record Entry(long amount, String note, String nonce, String sentAt) {}

  /** 2C2P-style: the key is the invoice number, in the body. */
  public record Invoice(String invoiceNo, long amount) {}

  /** Asks for an answer of {@code size} bytes (at least 13). */
  public record Report(int size) {}

  @Inject LedgerRows rows;
  @Inject LedgerKeyEvents events;

  @POST
  @Path("volatile")
  @Idempotent(fingerprintExclude = {"/nonce", "/sentAt"})
  @Transactional
  public Response volatileFields(Entry entry, @HeaderParam("Idempotency-Key") String key) {
    rows.add(key, entry.toString());
    return created(key, entry.amount());
  }

  @POST
  @Path("amount-only")
  @Idempotent(fingerprintInclude = "/amount")
  @Transactional
  public Response amountOnly(Entry entry, @HeaderParam("Idempotency-Key") String key) {
    rows.add(key, entry.toString());
    return created(key, entry.amount());
  }

  @POST
  @Path("invoices")
  @Idempotent(keyPointer = "/invoiceNo")
  @Transactional
  public Response invoice(Invoice invoice) {
    rows.add(invoice.invoiceNo(), invoice.toString());
    return created(invoice.invoiceNo(), invoice.amount());
  }

  @POST
  @Path("reports")
  @Idempotent(maxStoredBytes = 1024)
  @Transactional
  public Response report(Report report, @HeaderParam("Idempotency-Key") String key) {
    rows.add(key, report.toString());
    String filler = "x".repeat(Math.max(0, report.size() - "{\"filler\":\"\"}".length()));
    return Response.created(URI.create("ledger/options/reports/" + key))
        .entity("{\"filler\":\"" + filler + "\"}")
        .build();
  }

  @POST
  @Path("released")
  @Idempotent(failures = Failures.RELEASED)
  @Transactional
  public Response released(
      Entry entry,
      @HeaderParam("Idempotency-Key") String key,
      @HeaderParam(LedgerResource.FAIL) @DefaultValue("") String fail) {
    return maybeDeclined(entry, key, fail);
  }

  @POST
  @Path("retried")
  @Idempotent(failures = Failures.RETRIED)
  @Transactional
  public Response retried(
      Entry entry,
      @HeaderParam("Idempotency-Key") String key,
      @HeaderParam(LedgerResource.FAIL) @DefaultValue("") String fail) {
    return maybeDeclined(entry, key, fail);
  }

  /** What the layer told this application's observers of {@code key}, one event a line. */
  @GET
  @Path("events")
  @Produces(MediaType.TEXT_PLAIN)
  public String events(@QueryParam("key") String key) {
    return events.of(key);
  }

  private Response maybeDeclined(Entry entry, String key, String fail) {
    rows.add(key, entry.toString());
    if ("client-error".equals(fail)) {
      return Response.status(402).entity("{\"error\":\"declined\"}").build();
    }
    return created(key, entry.amount());
  }

  private static Response created(String key, long amount) {
    return Response.status(201)
        .entity(
            "{\"key\":\""
                + key
                + "\",\"amount\":"
                + amount
                + ",\"nanos\":"
                + System.nanoTime()
                + "}")
        .build();
  }
}
