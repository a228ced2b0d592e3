package io.ichido.payments.gateway.komoju;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** The part of KOMOJU's Payments API we use. */
@Path("/")
@Produces(MediaType.APPLICATION_JSON)
public interface KomojuApi {

  @POST
  @Path("payments")
  @Consumes(MediaType.APPLICATION_JSON)
  Response createPayment(
      @HeaderParam("Authorization") String authorization,
      @HeaderParam("X-KOMOJU-IDEMPOTENCY") String idempotencyKey,
      String payment);

  /**
   * KOMOJU's payments list: created between {@code start_time} and {@code end_time} (ISO 8601),
   * {@code per_page} from {@code page} 1, with {@code last_page}
   * (https://docs.komoju.com/en/api/resources/payments/, "List Payments").
   */
  @GET
  @Path("payments")
  Response listPayments(
      @HeaderParam("Authorization") String authorization,
      @QueryParam("start_time") String startTime,
      @QueryParam("end_time") String endTime,
      @QueryParam("page") int page,
      @QueryParam("per_page") int perPage);

  @GET
  @Path("payments/{id}")
  Response retrievePayment(
      @HeaderParam("Authorization") String authorization, @PathParam("id") String id);

  /** Refunds part or all of a captured payment; answers the payment with its refunds. */
  @POST
  @Path("payments/{id}/refund")
  @Consumes(MediaType.APPLICATION_JSON)
  Response refundPayment(
      @HeaderParam("Authorization") String authorization,
      @HeaderParam("X-KOMOJU-IDEMPOTENCY") String idempotencyKey,
      @PathParam("id") String id,
      String refund);

  /** Cancels a payment that is not captured yet; answers the payment. */
  @POST
  @Path("payments/{id}/cancel")
  Response cancelPayment(
      @HeaderParam("Authorization") String authorization, @PathParam("id") String id);

  /** 3-D Secure for a card (doc.komoju.com/docs/3d-secure, "3D Secure Without a Session"). */
  @POST
  @Path("secure_tokens")
  @Consumes(MediaType.APPLICATION_JSON)
  Response createSecureToken(
      @HeaderParam("Authorization") String authorization,
      @HeaderParam("X-KOMOJU-IDEMPOTENCY") String idempotencyKey,
      String body);

  @GET
  @Path("secure_tokens/{id}")
  Response retrieveSecureToken(
      @HeaderParam("Authorization") String authorization, @PathParam("id") String id);
}
