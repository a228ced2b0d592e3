package io.ichido.payments.gateway.omise;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Form;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** The part of Omise's Charges and Refunds APIs we use. */
@Path("/")
@Produces(MediaType.APPLICATION_JSON)
public interface OmiseApi {

  @POST
  @Path("charges")
  @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
  Response createCharge(
      @HeaderParam("Authorization") String authorization,
      @HeaderParam("Idempotency-Key") String idempotencyKey,
      @HeaderParam("Omise-Version") String version,
      Form charge);

  /** Omise's Search API: charges whose id, description or metadata match {@code query}. */
  @GET
  @Path("search")
  Response search(
      @HeaderParam("Authorization") String authorization,
      @HeaderParam("Omise-Version") String version,
      @QueryParam("scope") String scope,
      @QueryParam("query") String query,
      @QueryParam("order") String order,
      @QueryParam("page") int page,
      @QueryParam("per_page") int perPage);

  /**
   * Omise's charges list: created in {@code [from, to]} (ISO 8601, UTC), {@code limit} (at most
   * 100) from {@code offset}, in {@code order} (https://docs.omise.co/api-pagination).
   */
  @GET
  @Path("charges")
  Response listCharges(
      @HeaderParam("Authorization") String authorization,
      @HeaderParam("Omise-Version") String version,
      @QueryParam("from") String from,
      @QueryParam("to") String to,
      @QueryParam("offset") int offset,
      @QueryParam("limit") int limit,
      @QueryParam("order") String order);

  @GET
  @Path("charges/{id}")
  Response retrieveCharge(
      @HeaderParam("Authorization") String authorization,
      @HeaderParam("Omise-Version") String version,
      @PathParam("id") String id);

  /** Refunds part or all of a successful charge; answers the refund. */
  @POST
  @Path("charges/{id}/refunds")
  @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
  Response refundCharge(
      @HeaderParam("Authorization") String authorization,
      @HeaderParam("Idempotency-Key") String idempotencyKey,
      @HeaderParam("Omise-Version") String version,
      @PathParam("id") String id,
      Form refund);

  /**
   * A charge's refunds, paged by {@code offset} and {@code limit} (at most 100), in {@code order}
   * ({@code chronological} or {@code reverse_chronological}): docs.opn.ooo/refunds-api "List
   * refunds", omise-java {@code Refund.ListRequestBuilder}.
   */
  @GET
  @Path("charges/{id}/refunds")
  Response listRefunds(
      @HeaderParam("Authorization") String authorization,
      @HeaderParam("Omise-Version") String version,
      @PathParam("id") String id,
      @QueryParam("offset") int offset,
      @QueryParam("limit") int limit,
      @QueryParam("order") String order);
}
