package io.ichido.payments.gateway.twoc2p;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** 2C2P PGW v4.3: payment token, do payment, payment inquiry. */
@Path("/payment/4.3")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface TwoC2pApi {

  /** Body and answer: {@code {"payload":"<JWT>"}}. */
  @POST
  @Path("paymentToken")
  Response paymentToken(String signedRequest);

  /** Plain JSON both ways. */
  @POST
  @Path("payment")
  Response payment(String request);

  /** Body and answer: {@code {"payload":"<JWT>"}}. */
  @POST
  @Path("paymentInquiry")
  Response paymentInquiry(String signedRequest);
}
