package io.ichido.payments.gateway.sdk;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ichido.sandbox.GatewaySandbox;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse.BodyHandlers;
import java.util.ArrayList;
import java.util.List;

/**
 * The gateway sandbox in this JVM on a free port, recording its webhooks rather than sending them,
 * and the calls to its control API a contract test makes.
 */
public final class LocalSandbox implements AutoCloseable {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final GatewaySandbox sandbox;
  private final HttpClient http = HttpClient.newHttpClient();

  private LocalSandbox(GatewaySandbox sandbox) {
    this.sandbox = sandbox;
  }

  public static LocalSandbox start() throws IOException {
    return new LocalSandbox(GatewaySandbox.start(0));
  }

  /** Where {@code gateway} lives, as Ichido's {@code ichido.gateway.<name>.base-url}. */
  public String baseUrl(String gateway) {
    return sandbox.baseUrl() + "/" + gateway;
  }

  /** {@code POST /_sandbox/payments/{gateway}/{id}/{action}}, which must answer 200. */
  public void settle(String gateway, String id, String action) throws Exception {
    String path = "/_sandbox/payments/" + gateway + "/" + id + "/" + action;
    int status =
        http.send(request(path).POST(BodyPublishers.noBody()).build(), BodyHandlers.discarding())
            .statusCode();
    if (status != 200) {
      throw new IllegalStateException(path + " answered " + status);
    }
  }

  /** {@code POST /_sandbox/details-lag}: reads of {@code gateway}'s payments lag by so long. */
  public void detailsLag(String gateway, long millis) throws Exception {
    String body = "{\"gateway\":\"" + gateway + "\",\"delayMillis\":" + millis + "}";
    int status =
        http.send(
                request("/_sandbox/details-lag").POST(BodyPublishers.ofString(body)).build(),
                BodyHandlers.discarding())
            .statusCode();
    if (status != 200) {
      throw new IllegalStateException("/_sandbox/details-lag answered " + status);
    }
  }

  /** The bodies of every webhook the sandbox made for {@code gateway}, oldest first. */
  public List<JsonNode> webhooks(String gateway) throws Exception {
    String answer =
        http.send(request("/_sandbox/webhooks").GET().build(), BodyHandlers.ofString()).body();
    List<JsonNode> bodies = new ArrayList<>();
    for (JsonNode event : JSON.readTree(answer)) {
      if (gateway.equals(event.path("gateway").asText())) {
        bodies.add(JSON.readTree(event.path("body").asText()));
      }
    }
    return bodies;
  }

  private HttpRequest.Builder request(String path) {
    return HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + path));
  }

  @Override
  public void close() {
    sandbox.close();
  }
}
