package io.ichido.sandbox;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Logger;

/**
 * The local gateway sandbox (see {@code src/docs/gateway-wire-formats.md}). Each gateway is served
 * under its own prefix, so these are the base URLs to configure:
 *
 * <ul>
 *   <li>Stripe {@code http://localhost:<port>/stripe}
 *   <li>Omise {@code http://localhost:<port>/omise}
 *   <li>KOMOJU {@code http://localhost:<port>/komoju/api/v1}
 *   <li>2C2P {@code http://localhost:<port>/2c2p}
 *   <li>control API {@code http://localhost:<port>/_sandbox/}
 * </ul>
 *
 * <p>From the command line: {@code GatewaySandbox [--port=18080] [--secret-2c2p=...]}, until
 * killed. In a test: {@code try (var sandbox = GatewaySandbox.start(0)) {...}}. It listens on the
 * loopback interface only.
 */
public final class GatewaySandbox implements AutoCloseable {

  public static final int DEFAULT_PORT = 18080;
  public static final String DEFAULT_2C2P_SECRET = "ichido-sandbox-2c2p-secret-0123456789abcdef";

  private static final Logger LOG = Logger.getLogger(GatewaySandbox.class.getName());
  // Held requests (timeout, delay) occupy a thread each for their whole delay.
  private static final int THREADS = 64;

  private final HttpServer server;
  private final ExecutorService executor;

  private GatewaySandbox(HttpServer server, ExecutorService executor) {
    this.server = server;
    this.executor = executor;
  }

  /** Starts a sandbox on {@code port} (0: any free port) with the sandbox's 2C2P secret. */
  public static GatewaySandbox start(int port) throws IOException {
    return start(port, DEFAULT_2C2P_SECRET);
  }

  public static GatewaySandbox start(int port, String secret2c2p) throws IOException {
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 128);
    SandboxUrls urls = new SandboxUrls("http://localhost:" + server.getAddress().getPort());
    Ledger ledger = new Ledger();
    Stats stats = new Stats();
    Faults faults = new Faults(stats);
    OmiseApi omise = new OmiseApi(ledger, urls);
    List<Gateway> gateways =
        List.of(
            new StripeApi(ledger, urls),
            omise,
            new KomojuApi(ledger, urls),
            new TwoC2pApi(ledger, urls, secret2c2p));
    for (Gateway gateway : gateways) {
      server.createContext("/" + gateway.name() + "/", new GatewayHandler(gateway, faults, stats));
    }
    server.createContext(OmiseAuthorizePage.PATH, new OmiseAuthorizePage(omise));
    server.createContext(SandboxControl.PATH, new SandboxControl(gateways, ledger, faults, stats));
    ExecutorService executor = Executors.newFixedThreadPool(THREADS, daemonThreads());
    server.setExecutor(executor);
    server.start();
    LOG.info(() -> "Gateway sandbox listening on " + urls.base());
    return new GatewaySandbox(server, executor);
  }

  public int port() {
    return server.getAddress().getPort();
  }

  public String baseUrl() {
    return "http://localhost:" + port();
  }

  /** Stops at once: held requests are interrupted and their connections closed. */
  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }

  public static void main(String[] args) throws Exception {
    if (System.getProperty("java.util.logging.SimpleFormatter.format") == null) {
      System.setProperty("java.util.logging.SimpleFormatter.format", "%1$tT %4$s %3$s: %5$s%6$s%n");
    }
    int port = DEFAULT_PORT;
    String secret = DEFAULT_2C2P_SECRET;
    for (String arg : args) {
      if (arg.startsWith("--port=")) {
        port = Integer.parseInt(arg.substring("--port=".length()));
      } else if (arg.startsWith("--secret-2c2p=")) {
        secret = arg.substring("--secret-2c2p=".length());
      } else {
        throw new IllegalArgumentException(
            "Unknown argument " + arg + "; usage: GatewaySandbox [--port=N] [--secret-2c2p=S]");
      }
    }
    GatewaySandbox sandbox = start(port, secret);
    // Being stopped is how the sandbox ends: exit 0, so the build that started it does not
    // report the SIGTERM (exit 143) as a failed process.
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  sandbox.close();
                  Runtime.getRuntime().halt(0);
                },
                "gateway-sandbox-stop"));
    // Runs until the process is killed.
    new CountDownLatch(1).await();
  }

  private static ThreadFactory daemonThreads() {
    AtomicInteger count = new AtomicInteger();
    return task -> {
      Thread thread = new Thread(task, "gateway-sandbox-" + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }
}
