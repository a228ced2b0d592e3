package io.ichido.payments.gateway.stripe;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Stands between the adapter and the sandbox's Stripe and keeps what crosses: each request (its
 * path without {@code /stripe}, query and form body) with the sandbox's answer; and the webhooks
 * the sandbox posts to {@link #webhooksUrl()}, each answered 200. Loopback only.
 */
final class WireRecorder implements AutoCloseable {

  /** One request the adapter sent and the answer it got. */
  record Exchange(String method, String path, String query, String form, int status, String body) {

    @Override
    public String toString() {
      return method + " " + path + (query == null ? "" : "?" + query) + " -> " + status;
    }
  }

  private static final String STRIPE = "/stripe";
  private static final String WEBHOOKS = "/webhooks";

  /** Headers HttpClient sets itself and refuses to be given. */
  private static final Set<String> OWN_HEADERS =
      Set.of("connection", "content-length", "expect", "host", "upgrade");

  private final HttpServer server;
  // The sandbox may post a webhook while the request that caused it still waits here.
  private final ExecutorService threads = Executors.newCachedThreadPool();
  private final HttpClient http = HttpClient.newHttpClient();
  private final List<Exchange> exchanges = new CopyOnWriteArrayList<>();
  private final List<String> webhooks = new CopyOnWriteArrayList<>();
  private volatile String sandboxUrl;

  WireRecorder() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(STRIPE + "/", this::forward);
    server.createContext(
        WEBHOOKS + "/",
        exchange -> {
          webhooks.add(new String(exchange.getRequestBody().readAllBytes(), UTF_8));
          exchange.sendResponseHeaders(200, -1);
          exchange.close();
        });
    server.setExecutor(threads);
    server.start();
  }

  /** Where requests go on to: the sandbox, which is started with {@link #webhooksUrl()}. */
  void forwardTo(String sandboxUrl) {
    this.sandboxUrl = sandboxUrl;
  }

  /** The Stripe API base to give the adapter. */
  String stripeBase() {
    return base() + STRIPE;
  }

  /** Where the sandbox sends its webhooks ({@code /<gateway>} added). */
  String webhooksUrl() {
    return base() + WEBHOOKS;
  }

  List<Exchange> exchanges() {
    return List.copyOf(exchanges);
  }

  /** The webhook bodies, once {@code count} came or {@code patience} passed. */
  List<String> webhooks(int count, Duration patience) throws InterruptedException {
    long deadline = System.nanoTime() + patience.toNanos();
    while (webhooks.size() < count && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    return List.copyOf(webhooks);
  }

  void clear() {
    exchanges.clear();
    webhooks.clear();
  }

  private String base() {
    return "http://localhost:" + server.getAddress().getPort();
  }

  private void forward(HttpExchange exchange) throws IOException {
    try (exchange) {
      byte[] form;
      try (InputStream in = exchange.getRequestBody()) {
        form = in.readAllBytes();
      }
      URI uri = exchange.getRequestURI();
      HttpRequest.Builder request =
          HttpRequest.newBuilder(URI.create(sandboxUrl + uri.getRawPath() + query(uri)))
              .method(exchange.getRequestMethod(), HttpRequest.BodyPublishers.ofByteArray(form));
      exchange
          .getRequestHeaders()
          .forEach(
              (name, values) -> {
                if (!OWN_HEADERS.contains(name.toLowerCase(Locale.ROOT))) {
                  values.forEach(value -> request.header(name, value));
                }
              });
      HttpResponse<byte[]> answer =
          http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
      exchanges.add(
          new Exchange(
              exchange.getRequestMethod(),
              uri.getRawPath().substring(STRIPE.length()),
              uri.getRawQuery(),
              new String(form, UTF_8),
              answer.statusCode(),
              new String(answer.body(), UTF_8)));
      answer
          .headers()
          .map()
          .forEach(
              (name, values) -> {
                if (!OWN_HEADERS.contains(name) && !name.equals("transfer-encoding")) {
                  exchange.getResponseHeaders().put(name, values);
                }
              });
      exchange.sendResponseHeaders(
          answer.statusCode(), answer.body().length == 0 ? -1 : answer.body().length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(answer.body());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("Interrupted while forwarding", e);
    }
  }

  private static String query(URI uri) {
    return uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery();
  }

  @Override
  public void close() {
    server.stop(0);
    threads.shutdownNow();
  }
}
