package io.ichido.it.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The proxy the client tests trust: each fault does what it says, against a real HTTP server. */
class FaultProxyTest {

  /** A request's limit where an answer (or a hang-up) is due: long enough on a loaded machine. */
  private static final Duration PATIENCE = Duration.ofSeconds(30);

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
    HttpResponse<String> answer = post(PATIENCE);

    assertThat(answer.statusCode()).isEqualTo(201);
    assertThat(answer.body()).isEqualTo("done");
  }

  @Test
  void aDroppedResponseWasServedButNeverHeard() throws Exception {
    proxy.next(FaultProxy.Fault.DROP_RESPONSE);

    assertThatThrownBy(() -> post(PATIENCE)).isInstanceOf(IOException.class);
    assertThat(served).hasValue(1);
    assertThat(proxy.droppedAnswers()).isEqualTo(1);
    assertThat(post(PATIENCE).statusCode()).as("the next connection").isEqualTo(201);
  }

  @Test
  void aResetConnectionNeverReachedTheServer() throws Exception {
    proxy.next(FaultProxy.Fault.RESET);
    int read;
    // A raw socket: java.net.http may retry a connection reset before its request was sent.
    try (Socket socket = sentRaw()) {
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
    // Ten times the client's timeout: a loaded machine cannot bring the answer before it.
    proxy.delay(Duration.ofMillis(2000)).next(FaultProxy.Fault.DELAY);

    // A raw socket: the request is on its way before the client's 200 ms begin. java.net.http's
    // timeout covers sending too, which a loaded machine did not always finish in 200 ms: the
    // client gave up on a request it never sent, and nothing reached the server.
    try (Socket socket = sentRaw()) {
      socket.setSoTimeout(200);
      assertThatThrownBy(() -> socket.getInputStream().read())
          .isInstanceOf(SocketTimeoutException.class);
    }
    Await.until("the late request to be served", () -> served.get() == 1);
  }

  /** A connection to the proxy on which a whole request has been sent. */
  private Socket sentRaw() throws IOException {
    URI base = URI.create(proxy.baseUrl());
    Socket socket = new Socket(base.getHost(), base.getPort());
    socket
        .getOutputStream()
        .write(
            "POST /orders HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}"
                .getBytes(StandardCharsets.US_ASCII));
    return socket;
  }
}
