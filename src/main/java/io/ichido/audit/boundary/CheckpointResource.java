package io.ichido.audit.boundary;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.ichido.audit.control.CheckpointKey;
import io.ichido.audit.control.InvalidLogQuery;
import io.ichido.audit.control.LogSearch;
import io.ichido.audit.control.NoCheckpointKey;
import io.ichido.audit.control.PaymentLog;
import io.ichido.audit.control.SigningKey;
import io.ichido.platform.boundary.CommonProblems;
import jakarta.inject.Inject;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code /api/audit/checkpoints}: the log's signed checkpoints, newest first, and the public key
 * that verifies them. Every call is itself logged.
 */
@Tag(name = "Payment log")
@Path("audit/checkpoints")
// Every operation here may be refused by @AuditorOnly.
@APIResponse(
    responseCode = "403",
    description = AuditorOnly.REFUSED + ".",
    content =
        @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
@AuditorOnly
public class CheckpointResource {

  private static final int MAX_SIZE = 500;

  @Inject LogSearch search;
  @Inject CheckpointKey key;
  @Inject PaymentLog log;
  @Context SecurityContext security;
  @Context UriInfo uri;

  /** One page; {@code next} is the {@code before} of the following one. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record CheckpointPage(List<CheckpointView> items, Long next) {}

  @Operation(
      operationId = "listCheckpoints",
      summary = "List signed checkpoints",
      description = "The payment log's signed checkpoints, newest first.")
  @APIResponse(responseCode = "200", description = "OK")
  @APIResponse(
      responseCode = "400",
      description = "`https://ichido.dev/problems/invalid-log-query`: size or before is invalid.",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @APIResponse(
      responseCode = "503",
      description = CommonProblems.DATABASE_UNAVAILABLE + ".",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @GET
  @Produces(MediaType.APPLICATION_JSON)
  public CheckpointPage list(
      @QueryParam("size") @DefaultValue("20") @SearchParam Integer size,
      @QueryParam("before") @SearchParam Long before) {
    if (size < 1 || size > MAX_SIZE) {
      throw new InvalidLogQuery("size", "must be between 1 and " + MAX_SIZE);
    }
    int pageSize = size;
    AuditQueries.logged(log, security, uri, "checkpoints");
    // One more than asked tells whether there is a next page.
    List<CheckpointView> items =
        search.checkpoints(before, pageSize + 1).stream().map(CheckpointView::of).toList();
    if (items.size() <= pageSize) {
      return new CheckpointPage(items, null);
    }
    List<CheckpointView> page = items.subList(0, pageSize);
    return new CheckpointPage(List.copyOf(page), page.get(pageSize - 1).seq());
  }

  @Operation(
      operationId = "getCheckpoint",
      summary = "Read a checkpoint",
      description = "One signed checkpoint, by the seq it covers.")
  @APIResponse(responseCode = "200", description = "OK")
  @APIResponse(
      responseCode = "404",
      description =
          "`https://ichido.dev/problems/checkpoint-not-found`: no checkpoint at that seq.",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @APIResponse(
      responseCode = "503",
      description = CommonProblems.DATABASE_UNAVAILABLE + ".",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @GET
  @Path("{seq: [0-9]+}")
  @Produces(MediaType.APPLICATION_JSON)
  public CheckpointView one(@PathParam("seq") long seq) {
    AuditQueries.logged(log, security, uri, "checkpoint " + seq);
    return CheckpointView.of(search.checkpoint(seq));
  }

  /** SubjectPublicKeyInfo PEM, for {@code openssl pkeyutl -verify -pubin -inkey}. */
  @Operation(
      operationId = "getCheckpointKey",
      summary = "Read the checkpoint public key",
      description =
          "The Ed25519 public key that signs checkpoints (SubjectPublicKeyInfo PEM), for openssl pkeyutl -verify.")
  @APIResponse(responseCode = "200", description = "OK")
  @APIResponse(
      responseCode = "503",
      description =
          "`https://ichido.dev/problems/checkpoint-key-missing`: this server has no checkpoint key.",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @GET
  @Path("key")
  @Produces(MediaType.TEXT_PLAIN)
  public String publicKey() {
    AuditQueries.logged(log, security, uri, "checkpoint-key");
    return key.key().map(SigningKey::publicKeyPem).orElseThrow(NoCheckpointKey::new);
  }
}
