package io.ichido.it.notifications;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An SMTP server that hangs: it accepts connections and never says a word, as a server stuck behind
 * a dead disk or a black-holing firewall does. It counts the connections a client holds open at
 * once, which for the outbox is the number of emails being sent at the same time.
 */
final class SilentSmtp implements AutoCloseable {

  private final ServerSocket server;
  private final List<Socket> accepted = new CopyOnWriteArrayList<>();
  private final AtomicInteger open = new AtomicInteger();
  private final AtomicInteger mostOpen = new AtomicInteger();
  private final AtomicInteger total = new AtomicInteger();

  SilentSmtp(int port) {
    try {
      server = new ServerSocket();
      server.setReuseAddress(true);
      server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    daemon("silent-smtp", this::accept);
  }

  private void accept() {
    while (!server.isClosed()) {
      try {
        Socket socket = server.accept();
        accepted.add(socket);
        total.incrementAndGet();
        mostOpen.accumulateAndGet(open.incrementAndGet(), Math::max);
        daemon("silent-smtp-connection", () -> untilClosed(socket));
      } catch (IOException e) {
        return; // closed
      }
    }
  }

  private static void daemon(String name, Runnable task) {
    Thread thread = new Thread(task, name);
    thread.setDaemon(true);
    thread.start();
  }

  /** Reads (and ignores) whatever the client sends, to notice when it hangs up. */
  private void untilClosed(Socket socket) {
    try (InputStream in = socket.getInputStream()) {
      byte[] ignored = new byte[1024];
      while (in.read(ignored) >= 0) {
        // a client that speaks first gets no answer either
      }
    } catch (IOException e) {
      // closed by us or reset by the client
    } finally {
      open.decrementAndGet();
    }
  }

  /** Connections the client holds open now. */
  int open() {
    return open.get();
  }

  /** The most connections the client held open at once. */
  int mostOpen() {
    return mostOpen.get();
  }

  /** Connections accepted so far. */
  int total() {
    return total.get();
  }

  /** Stops listening and hangs up on every client, which then sees a closed connection. */
  @Override
  public void close() throws IOException {
    server.close();
    for (Socket socket : accepted) {
      socket.close();
    }
  }
}
