package io.ichido.platform.boundary;

import io.ichido.idempotency.boundary.Idempotent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * {@code POST /api/bench/echo}: an {@link Idempotent} endpoint that does nothing but answer, for
 * the benchmark only. Its throughput is what HTTP, security and the layer cost without any work of
 * an endpoint. Answers 404 unless {@code ichido.bench.baseline-endpoint=true}, like the unkeyed
 * twin of {@code POST /api/orders}.
 */
@Path("bench/echo")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
public class BenchEchoResource {

  /** The whole answer. */
  public record Answered(boolean answered) {}

  @Inject
  @ConfigProperty(name = "ichido.bench.baseline-endpoint")
  boolean enabled;

  @Operation(hidden = true) // for the benchmark only: not part of the API
  @POST
  @Idempotent
  public Response echo() {
    if (!enabled) {
      throw new NotFoundException();
    }
    return Response.status(Response.Status.CREATED).entity(new Answered(true)).build();
  }
}
