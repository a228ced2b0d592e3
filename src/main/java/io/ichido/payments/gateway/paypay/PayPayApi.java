package io.ichido.payments.gateway.paypay;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * The part of PayPay's Open Payment API we use. Every call carries the {@link PayPayAuth} header of
 * its own path and body; {@code X-ASSUME-MERCHANT} only where the operator names a merchant (an
 * agent's client).
 */
@Path("/v2")
@Produces(MediaType.APPLICATION_JSON)
public interface PayPayApi {

  /** Create a QR Code: 201, or 400 DUPLICATE_DYNAMIC_QR_REQUEST for a merchantPaymentId used. */
  @POST
  @Path("codes")
  @Consumes(MediaType.APPLICATION_JSON)
  Response createCode(
      @HeaderParam("Authorization") String authorization,
      @HeaderParam("X-ASSUME-MERCHANT") String merchant,
      String code);

  /** Get Payment Details, by our merchantPaymentId. */
  @GET
  @Path("codes/payments/{merchantPaymentId}")
  Response paymentDetails(
      @HeaderParam("Authorization") String authorization,
      @HeaderParam("X-ASSUME-MERCHANT") String merchant,
      @PathParam("merchantPaymentId") String merchantPaymentId);

  /**
   * Cancel a payment: 202; once accepted, PayPay sees that no money stays with the merchant. Sent
   * before the customer paid, it is only received: the code stays payable, and a payment made on it
   * is reversed (integration.paypay.ne.jp article 4414069180943).
   */
  @DELETE
  @Path("payments/{merchantPaymentId}")
  Response cancelPayment(
      @HeaderParam("Authorization") String authorization,
      @HeaderParam("X-ASSUME-MERCHANT") String merchant,
      @PathParam("merchantPaymentId") String merchantPaymentId);

  /**
   * Delete a Code (paypayopa-sdk-java {@code PaymentApi.deleteQRCode}): the code can no longer be
   * paid; its payment still reads {@code CREATED}. 400 DYNAMIC_QR_ALREADY_PAID once paid.
   */
  @DELETE
  @Path("codes/{codeId}")
  Response deleteCode(
      @HeaderParam("Authorization") String authorization,
      @HeaderParam("X-ASSUME-MERCHANT") String merchant,
      @PathParam("codeId") String codeId);

  /** Refund a payment, keyed by our merchantRefundId: the same id again is the same refund. */
  @POST
  @Path("refunds")
  @Consumes(MediaType.APPLICATION_JSON)
  Response refund(
      @HeaderParam("Authorization") String authorization,
      @HeaderParam("X-ASSUME-MERCHANT") String merchant,
      String refund);

  /** Get refund details. */
  @GET
  @Path("refunds/{merchantRefundId}")
  Response refundDetails(
      @HeaderParam("Authorization") String authorization,
      @HeaderParam("X-ASSUME-MERCHANT") String merchant,
      @PathParam("merchantRefundId") String merchantRefundId,
      @QueryParam("paymentId") String paymentId);
}
