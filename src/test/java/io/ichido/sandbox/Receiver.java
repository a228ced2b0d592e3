package io.ichido.sandbox;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The endpoint webhooks go to: it records every request and answers the queued statuses, then 200.
 */
final class Receiver implements AutoCloseable {

  private final HttpServer server;
  private final List<Received> received = new CopyOnWriteArrayList<>();
  private final Queue<Integer> statuses = new ConcurrentLinkedQueue<>();

  Receiver() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/",
        exchange -> {
          Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
          headers.putAll(exchange.getRequestHeaders());
          String body;
          try (InputStream in = exchange.getRequestBody()) {
            body = new String(in.readAllBytes(), UTF_8);
          }
          received.add(new Received(exchange.getRequestURI().getPath(), headers, body));
          Integer status = statuses.poll();
          exchange.sendResponseHeaders(status == null ? 200 : status, -1);
          exchange.close();
        });
    server.start();
  }

  String url() {
    return "http://localhost:" + server.getAddress().getPort() + "/api/webhooks";
  }

  void answer(Integer... next) {
    statuses.addAll(List.of(next));
  }

  List<Received> received() {
    return List.copyOf(received);
  }

  /**
   * Waits up to {@link SandboxTestSupport#PATIENCE} for {@code count} requests; fails saying so
   * when fewer came.
   */
  List<Received> await(int count) throws InterruptedException {
    Duration limit = SandboxTestSupport.PATIENCE;
    long deadline = System.nanoTime() + limit.toNanos();
    while (received.size() < count && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertThat(received)
        .as("webhook requests the receiver got within %s, waiting for %d", limit, count)
        .hasSizeGreaterThanOrEqualTo(count);
    return received();
  }

  /** The one request that came. */
  Received only() throws InterruptedException {
    return assertThat(await(1)).hasSize(1).actual().get(0);
  }

  void clear() {
    statuses.clear();
    received.clear();
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
