package io.ichido.platform.boundary;

import io.ichido.idempotency.boundary.Idempotent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * The benchmark's floor, for the benchmark only: endpoints behind the same HTTP, security and
 * JAX-RS as every other, so that {@code bench.sh} can tell what the platform costs from what
 * {@link Idempotent} adds.
 *
 * <ul>
 *   <li>{@code POST /api/bench/noop}: does nothing and has no layer (the twin of {@code
 *       /api/bench/echo});
 *   <li>{@code POST /api/bench/insert}: {@code @Idempotent}, one {@code INSERT ... RETURNING} in
 *       the layer's transaction, the work of the Spring peer's measured endpoint (the same body and
 *       answer, and like its {@code JdbcTemplate} through JDBC, on the persistence context's own
 *       connection);
 *   <li>{@code POST /api/bench/insert-plain}: the same without the layer, in a transaction of its
 *       own.
 * </ul>
 *
 * The table {@code bench_order} is made by {@code bench.sh}, never by the application's
 * changelogs. Each answers 404 unless {@code ichido.bench.baseline-endpoint=true}. Application
 * scoped, as the peer's controller is a singleton: a request-scoped resource costs each request a
 * bean of its own and the injection of its configuration (CDI ~38 us and MicroProfile Config ~5
 * us of CPU per request on the no-op, bench.sh's profile, 2026-12-05).
 */
@Path("bench")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
public class BenchFloorResource {

  /** The body of the peer's order. */
  public record BenchOrder(
      @NotNull String customer, @NotNull String sku, int quantity, long amount) {}

  /** Its answer. */
  public record BenchOrderCreated(long id, String status) {}

  private static final String INSERT =
      "INSERT INTO bench_order (customer, sku, quantity, amount) VALUES (?, ?, ?, ?) RETURNING id";

  @PersistenceContext EntityManager em;

  @Inject
  @ConfigProperty(name = "ichido.bench.baseline-endpoint")
  boolean enabled;

  @Operation(hidden = true) // for the benchmark only: not part of the API
  @POST
  @Path("noop")
  public Response noop() {
    requireEnabled();
    return Response.status(Response.Status.CREATED)
        .entity(new BenchEchoResource.Answered(true))
        .build();
  }

  @Operation(hidden = true)
  @POST
  @Path("insert")
  @Consumes(MediaType.APPLICATION_JSON)
  @Idempotent
  @Transactional
  public Response insert(@NotNull BenchOrder order) {
    return inserted(order);
  }

  @Operation(hidden = true)
  @POST
  @Path("insert-plain")
  @Consumes(MediaType.APPLICATION_JSON)
  @Transactional
  public Response insertPlain(@NotNull BenchOrder order) {
    return inserted(order);
  }

  private Response inserted(BenchOrder order) {
    requireEnabled();
    long id =
        em.callWithConnection(
            (Connection connection) -> {
              try (PreparedStatement insert = connection.prepareStatement(INSERT)) {
                insert.setString(1, order.customer());
                insert.setString(2, order.sku());
                insert.setInt(3, order.quantity());
                insert.setLong(4, order.amount());
                try (ResultSet row = insert.executeQuery()) {
                  row.next();
                  return row.getLong(1);
                }
              }
            });
    return Response.status(Response.Status.CREATED)
        .entity(new BenchOrderCreated(id, "PENDING"))
        .build();
  }

  private void requireEnabled() {
    if (!enabled) {
      throw new NotFoundException();
    }
  }
}
