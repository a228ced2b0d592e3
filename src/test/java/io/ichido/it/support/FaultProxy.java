package io.ichido.it.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A TCP proxy in front of a server that fails the way networks do, one connection at a time: the
 * faults a client that retries with its key must survive. Each new connection takes the next fault
 * queued with {@link #next}, or passes through when none is queued.
 */
public final class FaultProxy implements AutoCloseable {

  /** What happens to one connection. */
  public enum Fault {
    /** Nothing: bytes go both ways. */
    NONE,
    /**
     * The request reaches the server and is answered, but the answer never reaches the client: the
     * connection is closed as soon as the server starts answering. The lost answer.
     */
    DROP_RESPONSE,
    /** The connection is reset (RST) before the request is sent on: it never reached us. */
    RESET,
    /** The request goes on after a delay, longer than a client's timeout if it wishes. */
    DELAY
  }

  private final InetSocketAddress target;
  private final ServerSocket listener;
  private final ExecutorService threads = Executors.newCachedThreadPool();
  private final ConcurrentLinkedQueue<Fault> queued = new ConcurrentLinkedQueue<>();
  private final AtomicReference<Duration> delay = new AtomicReference<>(Duration.ofSeconds(5));
  private final AtomicInteger connections = new AtomicInteger();
  private final AtomicInteger droppedAnswers = new AtomicInteger();
  private final AtomicInteger answers = new AtomicInteger();
  private final AtomicReference<String> dropAnswerTo = new AtomicReference<>();
  private final AtomicReference<Held> hold = new AtomicReference<>();
  private final Set<Socket> open = ConcurrentHashMap.newKeySet();
  private volatile boolean down;

  private FaultProxy(InetSocketAddress target) throws IOException {
    this.target = target;
    this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    threads.submit(this::accept);
  }

  /** A proxy on a free loopback port in front of {@code host:port}. */
  public static FaultProxy to(String host, int port) throws IOException {
    return new FaultProxy(new InetSocketAddress(host, port));
  }

  public String baseUrl() {
    return "http://127.0.0.1:" + listener.getLocalPort();
  }

  /** Queues {@code fault} for the next connection opened through the proxy. */
  public FaultProxy next(Fault fault) {
    queued.add(fault);
    return this;
  }

  /**
   * The next request whose request line starts with {@code requestLine} (such as {@code "POST
   * /api/payments/charge"}) reaches the server, but its answer is cut off like {@link
   * Fault#DROP_RESPONSE}'s, whichever connection it comes on: for clients (browsers) that keep
   * connections alive and send many requests on one.
   */
  public FaultProxy dropAnswerTo(String requestLine) {
    dropAnswerTo.set(requestLine);
    return this;
  }

  /**
   * The next request whose request line starts with {@code requestLine} is kept from the server
   * until {@link Held#release}: a test learns what came before it (the order the page made) and
   * prepares for it before the server hears of it.
   */
  public Held holdNext(String requestLine) {
    Held held = new Held(requestLine);
    hold.set(held);
    return held;
  }

  /** A request the proxy keeps from the server until it is released. */
  public static final class Held {
    private final String requestLine;
    private final CountDownLatch arrived = new CountDownLatch(1);
    private final CountDownLatch released = new CountDownLatch(1);

    private Held(String requestLine) {
      this.requestLine = requestLine;
    }

    /** Waits until the request has reached the proxy (and is kept there). */
    public void awaitArrival(Duration limit) throws InterruptedException {
      if (!arrived.await(limit.toMillis(), TimeUnit.MILLISECONDS)) {
        throw new AssertionError("No " + requestLine + " reached the proxy within " + limit);
      }
    }

    /** The request goes on to the server. */
    public void release() {
      released.countDown();
    }
  }

  /**
   * The network goes away: every connection open now is reset, with the requests in flight on it,
   * and so is every new one until {@link #up}.
   */
  public void down() throws IOException {
    down = true;
    for (Socket client : open) {
      client.setSoLinger(true, 0);
      client.close();
    }
  }

  /** The network is back: connections pass (or take their queued fault) again. */
  public void up() {
    down = false;
  }

  /** How long {@link Fault#DELAY} holds a request back. */
  public FaultProxy delay(Duration holdBack) {
    delay.set(holdBack);
    return this;
  }

  public int connections() {
    return connections.get();
  }

  /** Answers the server began, whether or not they reached their client. */
  public int answers() {
    return answers.get();
  }

  /** Answers the server gave that the proxy kept from the client. */
  public int droppedAnswers() {
    return droppedAnswers.get();
  }

  @Override
  public void close() throws IOException {
    listener.close();
    threads.shutdownNow();
  }

  private void accept() {
    while (!listener.isClosed()) {
      Socket client;
      try {
        client = listener.accept();
      } catch (IOException closed) {
        return;
      }
      connections.incrementAndGet();
      Fault fault = queued.poll();
      threads.submit(() -> serve(client, fault == null ? Fault.NONE : fault));
    }
  }

  private void serve(Socket client, Fault fault) {
    open.add(client);
    try (client) {
      if (fault == Fault.RESET || down) {
        client.setSoLinger(true, 0); // close with RST, not FIN
        return;
      }
      if (fault == Fault.DELAY) {
        Thread.sleep(delay.get().toMillis());
      }
      try (Socket server = new Socket(target.getAddress(), target.getPort())) {
        AtomicBoolean dropNextAnswer = new AtomicBoolean();
        threads.submit(() -> pump(client, server, dropNextAnswer));
        InputStream fromServer = server.getInputStream();
        OutputStream toClient = client.getOutputStream();
        byte[] buffer = new byte[8192];
        boolean first = true;
        int n;
        while ((n = fromServer.read(buffer)) > 0) {
          if (first) {
            answers.incrementAndGet();
            first = false;
          }
          if (fault == Fault.DROP_RESPONSE || dropNextAnswer.get()) {
            // The server has done the work and started answering: the client hears nothing.
            droppedAnswers.incrementAndGet();
            client.setSoLinger(true, 0);
            return;
          }
          toClient.write(buffer, 0, n);
          toClient.flush();
        }
      }
    } catch (IOException | InterruptedException gone) {
      // one side hung up: so does the other, by leaving this block
    } finally {
      open.remove(client);
    }
  }

  /**
   * Client to server, until either side closes. A request {@link #dropAnswerTo} waits for marks its
   * connection before it goes on, so the answer cannot slip through first.
   */
  private void pump(Socket client, Socket server, AtomicBoolean dropNextAnswer) {
    try {
      InputStream fromClient = client.getInputStream();
      OutputStream toServer = server.getOutputStream();
      byte[] buffer = new byte[8192];
      int n;
      while ((n = fromClient.read(buffer)) > 0) {
        Held held = hold.get();
        if (held != null
            && new String(buffer, 0, n, StandardCharsets.ISO_8859_1).startsWith(held.requestLine)
            && hold.compareAndSet(held, null)) {
          held.arrived.countDown();
          held.released.await();
        }
        String armed = dropAnswerTo.get();
        if (armed != null
            && new String(buffer, 0, n, StandardCharsets.ISO_8859_1).startsWith(armed)
            && dropAnswerTo.compareAndSet(armed, null)) {
          dropNextAnswer.set(true);
        }
        toServer.write(buffer, 0, n);
        toServer.flush();
      }
      server.shutdownOutput();
    } catch (IOException gone) {
      // the connection ended
    } catch (InterruptedException closing) {
      Thread.currentThread().interrupt();
    }
  }
}
