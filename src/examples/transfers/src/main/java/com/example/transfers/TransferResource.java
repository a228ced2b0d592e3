package com.example.transfers;

import io.ichido.idempotency.boundary.Idempotent;
import jakarta.enterprise.context.RequestScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.List;

@Path("transfers")
@RequestScoped
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
public class TransferResource {

  @PersistenceContext EntityManager em;

  /**
   * Runs once per Idempotency-Key: a retry gets the stored answer, a concurrent twin 409, the same
   * key with another body 422. The insert commits with the key, in the layer's transaction.
   */
  @POST
  @Idempotent
  @Transactional
  public Response transfer(
      TransferRequest request, @HeaderParam("Idempotency-Key") String idempotencyKey) {
    if (request == null || request.from() == null || request.to() == null || request.amount() <= 0) {
      throw new BadRequestException("from, to and a positive amount are required");
    }
    Transfer transfer =
        new Transfer(idempotencyKey, request.from(), request.to(), request.amount());
    em.persist(transfer);
    em.flush(); // the generated id, for the answer
    return Response.created(URI.create("transfers/" + transfer.getId())).entity(transfer).build();
  }

  /** The transfers a key wrote: one, however often it was sent. */
  @GET
  public List<Transfer> written(@QueryParam("idempotencyKey") String idempotencyKey) {
    return em.createQuery(
            "SELECT t FROM Transfer t WHERE t.idempotencyKey = :key ORDER BY t.id", Transfer.class)
        .setParameter("key", idempotencyKey)
        .getResultList();
  }
}
