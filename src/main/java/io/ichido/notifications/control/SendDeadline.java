package io.ichido.notifications.control;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.net.SocketFactory;

/**
 * The sockets of one send, closed all at once when its deadline passes. Jakarta Mail's timeouts
 * bound each read and write, not the conversation: a server that answers every command just in time
 * could hold a send far past a lease. Closing the socket from another thread ends the blocked read
 * at once; {@code Transport.close()} cannot, as it waits for the send's lock.
 */
final class SendDeadline extends SocketFactory {

  private final List<Socket> sockets = new CopyOnWriteArrayList<>();
  private volatile boolean passed;

  @Override
  public Socket createSocket() throws IOException {
    Socket socket = new Socket();
    sockets.add(socket);
    if (passed) {
      socket.close();
    }
    return socket;
  }

  // Jakarta Mail asks for an unconnected socket and connects it with its connect timeout; the
  // other shapes are the factory's contract.

  @Override
  public Socket createSocket(String host, int port) throws IOException {
    return connected(new InetSocketAddress(host, port), null);
  }

  @Override
  public Socket createSocket(String host, int port, InetAddress localHost, int localPort)
      throws IOException {
    return connected(
        new InetSocketAddress(host, port), new InetSocketAddress(localHost, localPort));
  }

  @Override
  public Socket createSocket(InetAddress host, int port) throws IOException {
    return connected(new InetSocketAddress(host, port), null);
  }

  @Override
  public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
      throws IOException {
    return connected(
        new InetSocketAddress(address, port), new InetSocketAddress(localAddress, localPort));
  }

  private Socket connected(InetSocketAddress remote, InetSocketAddress local) throws IOException {
    Socket socket = createSocket();
    if (local != null) {
      socket.bind(local);
    }
    socket.connect(remote);
    return socket;
  }

  /** The deadline passed: hang up, so that the send fails now. */
  void pass() {
    passed = true;
    for (Socket socket : sockets) {
      try {
        socket.close();
      } catch (IOException e) {
        // closing is all we wanted; a socket that fails to close is closed enough
      }
    }
  }

  boolean passed() {
    return passed;
  }
}
