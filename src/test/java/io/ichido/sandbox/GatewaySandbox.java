package io.ichido.sandbox;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Logger;

/**
 * The local gateway sandbox (see {@code docs/gateway-wire-formats.md}). Each gateway is served
 * under its own prefix, so these are the base URLs to configure:
 *
 * <ul>
 *   <li>Stripe {@code http://localhost:<port>/stripe}
 *   <li>Omise {@code http://localhost:<port>/omise}
 *   <li>KOMOJU {@code http://localhost:<port>/komoju/api/v1}
 *   <li>2C2P {@code http://localhost:<port>/2c2p}
 *   <li>PayPay (Open Payment API, web payment by Dynamic QR) {@code
 *       http://localhost:<port>/paypay}, every request signed with {@link
 *       SandboxConfig#PAYPAY_API_KEY} and {@link SandboxConfig#PAYPAY_API_SECRET} ({@link
 *       PayPayAuth}); the customer pays at the code's {@code url} ({@link PayPayCashierPage})
 *   <li>control API {@code http://localhost:<port>/_sandbox/}
 * </ul>
 *
 * <p>From the command line: {@code GatewaySandbox [--port=18080] [--secret-2c2p=...]
 * [--webhooks=http://localhost:9081/api/webhooks]}, until killed. In a test: {@code try (var
 * sandbox = GatewaySandbox.start(0)) {...}}. It listens on the loopback interface only.
 *
 * <p>With a webhooks URL, every payment status change (completed, expired or refunded through the
 * control API, 3-D Secure completed) is sent as the gateway's signed webhook to {@code
 * <webhooks>/<gateway>} (see {@link WebhookSender}); without one the events are only recorded.
 * PayPay sends only its unsigned transaction event for a completed payment, as PayPay documents.
 *
 * <p>Tests that share one sandbox, one after the other or at the same time, scope their faults,
 * chaos, webhook delivery and PayPay details lag to their own orders through the control API
 * ({@link SandboxControl}), so that none of it reaches another test's requests.
 */
public final class GatewaySandbox implements AutoCloseable {

  public static final int DEFAULT_PORT = 18080;
  public static final String DEFAULT_2C2P_SECRET = "ichido-sandbox-2c2p-secret-0123456789abcdef";

  /**
   * The switch ({@code -Dichido.sandbox.omise-honours-idempotency-key=true}) under which the
   * sandbox's Omise honours {@code Idempotency-Key}; read when a sandbox starts (see {@link
   * OmiseApi}).
   */
  static final String OMISE_HONOURS_KEY = "ichido.sandbox.omise-honours-idempotency-key";

  private static final Logger LOG = Logger.getLogger(GatewaySandbox.class.getName());
  // Held requests (timeout, delay) occupy a thread each for their whole delay.
  private static final int THREADS = 64;

  private final HttpServer server;
  private final ExecutorService executor;
  private final WebhookSender webhooks;

  private GatewaySandbox(HttpServer server, ExecutorService executor, WebhookSender webhooks) {
    this.server = server;
    this.executor = executor;
    this.webhooks = webhooks;
  }

  /** Starts a sandbox on {@code port} (0: any free port) with the sandbox's 2C2P secret. */
  public static GatewaySandbox start(int port) throws IOException {
    return start(port, DEFAULT_2C2P_SECRET);
  }

  /** Starts a sandbox that records its webhooks without sending them. */
  public static GatewaySandbox start(int port, String secret2c2p) throws IOException {
    return start(port, secret2c2p, null);
  }

  /**
   * Starts a sandbox that sends its webhooks to {@code webhooksUrl + "/" + gateway} ({@code
   * stripe}, {@code omise}, {@code komoju}, {@code 2c2p}, {@code paypay}), retrying as the gateways
   * do; null sends none.
   */
  public static GatewaySandbox start(int port, String secret2c2p, String webhooksUrl)
      throws IOException {
    return start(port, secret2c2p, webhooksUrl, Retries.GATEWAYS);
  }

  /** With other waits between webhook attempts: tests retry in milliseconds. */
  static GatewaySandbox start(int port, String secret2c2p, String webhooksUrl, Retries retries)
      throws IOException {
    return start(port, secret2c2p, webhooksUrl, retries, Boolean.getBoolean(OMISE_HONOURS_KEY));
  }

  /**
   * With Omise's {@code Idempotency-Key} honoured or not, whatever {@link #OMISE_HONOURS_KEY} says:
   * tests that start sandboxes at the same time cannot share a JVM-wide switch.
   */
  static GatewaySandbox start(
      int port,
      String secret2c2p,
      String webhooksUrl,
      Retries retries,
      boolean omiseHonoursIdempotencyKey)
      throws IOException {
    Map<String, Gateway> byName = new ConcurrentHashMap<>();
    WebhookSender webhooks =
        new WebhookSender(
            webhooksUrl,
            secret2c2p,
            (gateway, id) ->
                Optional.ofNullable(byName.get(gateway))
                    .flatMap(found -> found.find(id))
                    .orElse(null),
            (gateway, id) ->
                Optional.ofNullable(byName.get(gateway)).flatMap(found -> found.orderOfPayment(id)),
            retries);
    HttpServer server;
    try {
      server =
          HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 128);
    } catch (IOException e) {
      webhooks.close();
      throw e;
    }
    SandboxUrls urls = new SandboxUrls("http://localhost:" + server.getAddress().getPort());
    Ledger ledger = new Ledger();
    Stats stats = new Stats();
    Faults faults = new Faults(stats);
    SlowHolds slowHolds = new SlowHolds();
    OmiseApi omise = new OmiseApi(ledger, urls, omiseHonoursIdempotencyKey);
    TwoC2pApi twoC2p = new TwoC2pApi(ledger, urls, secret2c2p);
    PayPayApi paypay = new PayPayApi(ledger, urls);
    StripeApi stripe = new StripeApi(ledger, urls);
    KomojuApi komoju = new KomojuApi(ledger, urls);
    List<Gateway> gateways = List.of(stripe, omise, komoju, twoC2p, paypay);
    for (Gateway gateway : gateways) {
      byName.put(gateway.name(), gateway);
      server.createContext(
          "/" + gateway.name() + "/", new GatewayHandler(gateway, faults, stats, slowHolds));
    }
    ledger.subscribe(webhooks);
    server.createContext(StripeAuthenticationPage.PATH, new StripeAuthenticationPage(stripe));
    server.createContext(OmiseAuthorizePage.PATH, new OmiseAuthorizePage(omise));
    server.createContext(
        KomojuAuthenticationPage.PATH, new KomojuAuthenticationPage(komoju.secureTokens()));
    server.createContext(TwoC2pAuthenticationPage.PATH, new TwoC2pAuthenticationPage(twoC2p));
    server.createContext(PayPayCashierPage.PATH, new PayPayCashierPage(paypay));
    server.createContext(
        SandboxControl.PATH,
        new SandboxControl(gateways, ledger, faults, stats, slowHolds, webhooks));
    ExecutorService executor =
        Executors.newFixedThreadPool(THREADS, daemonThreads("gateway-sandbox-"));
    server.setExecutor(executor);
    server.start();
    LOG.info(() -> "Gateway sandbox listening on " + urls.base());
    LOG.info(
        () ->
            webhooks
                .target()
                .map(target -> "Webhooks go to " + target + "/<gateway>")
                .orElse("Webhooks are recorded, not sent: no --webhooks"));
    return new GatewaySandbox(server, executor, webhooks);
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
    webhooks.close();
  }

  public static void main(String[] args) throws Exception {
    if (System.getProperty("java.util.logging.SimpleFormatter.format") == null) {
      System.setProperty("java.util.logging.SimpleFormatter.format", "%1$tT %4$s %3$s: %5$s%6$s%n");
    }
    int port = DEFAULT_PORT;
    String secret = DEFAULT_2C2P_SECRET;
    String webhooks = null;
    for (String arg : args) {
      if (arg.startsWith("--port=")) {
        port = Integer.parseInt(arg.substring("--port=".length()));
      } else if (arg.startsWith("--secret-2c2p=")) {
        secret = arg.substring("--secret-2c2p=".length());
      } else if (arg.startsWith("--webhooks=")) {
        webhooks = arg.substring("--webhooks=".length());
      } else {
        throw new IllegalArgumentException(
            "Unknown argument "
                + arg
                + "; usage: GatewaySandbox [--port=N] [--secret-2c2p=S] [--webhooks=URL]");
      }
    }
    GatewaySandbox sandbox = start(port, secret, webhooks);
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

  /** Threads that never keep the JVM alive: a test that forgets to close the sandbox still ends. */
  static ThreadFactory daemonThreads(String prefix) {
    AtomicInteger count = new AtomicInteger();
    return task -> {
      Thread thread = new Thread(task, prefix + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }
}
