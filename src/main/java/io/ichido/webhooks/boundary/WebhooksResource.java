package io.ichido.webhooks.boundary;

import io.ichido.platform.boundary.CommonProblems;
import io.ichido.webhooks.control.WebhookInProgress;
import io.ichido.webhooks.control.WebhookReceiver;
import io.ichido.webhooks.control.WebhookReceiver.Receipt;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirements;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code POST /api/webhooks/{gateway}}: no login, the signature is the credential. The body is
 * taken as a stream, read as raw bytes (the signature covers exactly those) and only up to the cap:
 * a {@code byte[]} parameter would have the runtime buffer whatever anyone sends.
 */
@Tag(name = "Webhooks", description = "Signed gateway events, each processed once.")
@Path("webhooks/{gateway}")
public class WebhooksResource {

  @Inject WebhookReceiver receiver;

  @Operation(
      operationId = "receiveWebhook",
      summary = "Receive a gateway webhook",
      description =
          "For the gateways only: a signed event (signature checked on the raw bytes, body size capped before reading). A delivery of an event already processed is answered without running again.")
  // The gateways call without the API's credentials: the signature is the credential.
  @SecurityRequirements
  @APIResponse(responseCode = "200", description = "OK")
  @APIResponse(
      responseCode = "400",
      description =
          "`https://ichido.dev/problems/webhook-rejected`: bad signature, stale timestamp, too large or unreadable.",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @APIResponse(
      responseCode = "404",
      description = "`https://ichido.dev/problems/unknown-gateway`: no gateway of that name.",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @APIResponse(
      responseCode = "409",
      description =
          "`https://ichido.dev/problems/webhook-in-progress`: the same event is being processed; retry.",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @APIResponse(
      responseCode = "503",
      description = CommonProblems.DATABASE_UNAVAILABLE + ".",
      content =
          @Content(mediaType = CommonProblems.JSON, schema = @Schema(ref = CommonProblems.SCHEMA)))
  @POST
  @Consumes(MediaType.WILDCARD)
  @Produces(MediaType.APPLICATION_JSON)
  public Response receive(
      @PathParam("gateway") String gateway, @Context HttpHeaders headers, InputStream body) {
    Receipt receipt = receiver.receive(gateway, headers, body);
    if (receipt instanceof Receipt.InFlight inFlight) {
      throw new WebhookInProgress(inFlight.retryAfterSeconds());
    }
    return Response.ok(((Receipt.Answered) receipt).answer()).build();
  }
}
