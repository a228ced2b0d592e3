package io.ichido.payments.gateway.sdk;

import jakarta.ws.rs.client.Client;
import jakarta.ws.rs.client.ClientBuilder;
import jakarta.ws.rs.client.ClientRequestContext;
import jakarta.ws.rs.client.ClientRequestFilter;
import jakarta.ws.rs.client.ClientResponseContext;
import jakarta.ws.rs.client.ClientResponseFilter;
import jakarta.ws.rs.core.Form;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jboss.resteasy.client.jaxrs.ResteasyWebTarget;

/**
 * An adapter's Rest Client interface served by RESTEasy's client proxy (the unit tests have no
 * MicroProfile Rest Client), recording every request as the adapter made it and the answer as the
 * gateway wrote it.
 */
public final class RecordingClient implements AutoCloseable {

  /**
   * One request and its answer. {@code body} is the entity the adapter passed: a {@link Form}'s map
   * or a JSON string, null for none; {@code path} is the path below the base URL.
   */
  public record Exchange(
      String method,
      String path,
      String query,
      Map<String, List<String>> headers,
      Object body,
      int status,
      String answer) {

    /** The request's first value of header {@code name}, or null. */
    public String header(String name) {
      return headers.entrySet().stream()
          .filter(header -> header.getKey().equalsIgnoreCase(name))
          .map(header -> header.getValue().get(0))
          .findFirst()
          .orElse(null);
    }

    @Override
    public String toString() {
      return method + " " + path + " -> " + status;
    }
  }

  private static final String SENT = RecordingClient.class.getName();

  private record Sent(String method, URI uri, Map<String, List<String>> headers, Object body) {}

  private final Client client;
  private final String baseUrl;
  private final List<Exchange> exchanges = new CopyOnWriteArrayList<>();

  public RecordingClient(String baseUrl) {
    this.baseUrl = baseUrl;
    this.client = ClientBuilder.newBuilder().register(new Recorder()).build();
  }

  /** {@code api} against the base URL, as {@code GatewayHttp.client} would build it. */
  public <T> T proxy(Class<T> api) {
    return ((ResteasyWebTarget) client.target(baseUrl)).proxy(api);
  }

  /** Every exchange so far, oldest first. */
  public List<Exchange> exchanges() {
    return List.copyOf(exchanges);
  }

  @Override
  public void close() {
    client.close();
  }

  /** Keeps the request in the context, then adds it with the answer, whose body it reads back. */
  private final class Recorder implements ClientRequestFilter, ClientResponseFilter {

    @Override
    public void filter(ClientRequestContext request) {
      Object entity = request.getEntity();
      Object body = entity instanceof Form form ? Map.copyOf(form.asMap()) : entity;
      Map<String, List<String>> headers = Map.copyOf(request.getStringHeaders());
      request.setProperty(SENT, new Sent(request.getMethod(), request.getUri(), headers, body));
    }

    @Override
    public void filter(ClientRequestContext request, ClientResponseContext response)
        throws IOException {
      Sent sent = (Sent) request.getProperty(SENT);
      // Read, not closed: closing the stream would close the response the adapter reads next.
      InputStream stream = response.getEntityStream();
      byte[] answer = stream == null ? new byte[0] : stream.readAllBytes();
      response.setEntityStream(new ByteArrayInputStream(answer));
      String base = URI.create(baseUrl).getRawPath();
      exchanges.add(
          new Exchange(
              sent.method(),
              sent.uri().getRawPath().substring(base.length()),
              sent.uri().getRawQuery(),
              sent.headers(),
              sent.body(),
              response.getStatus(),
              new String(answer, StandardCharsets.UTF_8)));
    }
  }
}
