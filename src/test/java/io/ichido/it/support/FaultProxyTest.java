package io.ichido.it.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The proxy the client tests trust: each fault does what it says, against a real HTTP server. */
class FaultProxyTest {

  private final AtomicInteger served = new AtomicInteger();
  private HttpServer server;
  private FaultProxy proxy;

  @BeforeEach
  void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/",
        exchange -> {
          exchange.getRequestBody().readAllBytes();
          served.incrementAndGet();
          byte[] body = "done".getBytes(StandardCharsets.UTF_8);
          exchange.sendResponseHeaders(201, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    server.start();
    proxy = FaultProxy.to("127.0.0.1", server.getAddress().getPort());
  }

  @AfterEach
  void stop() throws IOException {
    proxy.close();
    server.stop(0);
  }

  /** A new client each time, so that each request opens its own connection. */
  private HttpResponse<String> post(Duration timeout) throws Exception {
    return HttpClient.newBuilder()
        .version(HttpClient.Version.HTTP_1_1)
        .build()
        .send(
            HttpRequest.newBuilder(URI.create(proxy.baseUrl() + "/orders"))
                .timeout(timeout)
                .POST(HttpRequest.BodyPublishers.ofString("{}"))
                .build(),
            HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void withoutAFaultTheAnswerComesThrough() throws Exception {
    HttpResponse<String> answer = post(Duration.ofSeconds(5));

    assertThat(answer.statusCode()).isEqualTo(201);
    assertThat(answer.body()).isEqualTo("done");
  }

  @Test
  void aDroppedResponseWasServedButNeverHeard() throws Exception {
    proxy.next(FaultProxy.Fault.DROP_RESPONSE);

    assertThatThrownBy(() -> post(Duration.ofSeconds(5))).isInstanceOf(IOException.class);
    assertThat(served).hasValue(1);
    assertThat(proxy.droppedAnswers()).isEqualTo(1);
    assertThat(post(Duration.ofSeconds(5)).statusCode()).as("the next connection").isEqualTo(201);
  }

  @Test
  void aResetConnectionNeverReachedTheServer() throws Exception {
    proxy.next(FaultProxy.Fault.RESET);
    int read;
    // A raw socket: java.net.http may retry a connection reset before its request was sent.
    URI base = URI.create(proxy.baseUrl());
    try (Socket socket = new Socket(base.getHost(), base.getPort())) {
      socket
          .getOutputStream()
          .write(
              "POST /orders HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}"
                  .getBytes(StandardCharsets.US_ASCII));
      read = socket.getInputStream().read();
    } catch (IOException reset) {
      read = -1;
    }

    assertThat(read).as("no answer").isEqualTo(-1);
    assertThat(served).hasValue(0);
    assertThat(proxy.answers()).isZero();
  }

  @Test
  void aDelayedRequestTimesTheClientOutAndReachesTheServerLate() throws Exception {
    proxy.delay(Duration.ofMillis(700)).next(FaultProxy.Fault.DELAY);

    assertThatThrownBy(() -> post(Duration.ofMillis(200))).isInstanceOf(HttpTimeoutException.class);
    Await.until("the late request to be served", () -> served.get() == 1);
  }
}
