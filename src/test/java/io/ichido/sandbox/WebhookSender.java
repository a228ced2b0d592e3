package io.ichido.sandbox;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Sends the webhooks for every payment status change (refunds included) the ledger reports, built
 * and signed as the payment's gateway would, to {@code <webhooks URL>/<gateway>}. The first attempt
 * runs in the thread that changed the status, so a test that completes a payment through the
 * control API finds the webhook delivered when its call returns; an attempt without a 2xx answer is
 * retried in the background with growing waits (PayPay's: ten tries half a second apart), freshly
 * signed each time, as the gateways do. Without a webhooks URL the events are only recorded, so a
 * run without a receiver can still see what would be sent. How events are delivered ({@link
 * WebhookDeliveryMode}) is set per gateway and, winning over that, per gateway and order of the
 * event's payment, so that a test that loses its own order's webhooks leaves the webhooks of
 * another test's orders alone.
 */
final class WebhookSender implements PaymentEvents, AutoCloseable {

  /** A payment as its gateway's API shows it now: a copy the caller may change, or null. */
  @FunctionalInterface
  interface Lookup {
    ObjectNode find(String gateway, String id);
  }

  /** The order of a payment, as its gateway knows it ({@link Gateway#orderOfPayment}). */
  @FunctionalInterface
  interface Orders {
    Optional<String> of(String gateway, String id);
  }

  private static final Logger LOG = Logger.getLogger(WebhookSender.class.getName());
  // As long as a whole request may take: a connect that merely waits for a busy machine to get to
  // it (the receivers are local) must not count as an attempt that failed.
  private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(30);
  private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);
  // Each retry holds a thread for as long as its receiver takes to answer.
  private static final int RETRY_THREADS = 4;

  private final String target;
  private final String secret2c2p;
  private final Lookup lookup;
  private final Orders orders;
  private final Retries retries;
  private final HttpClient http;
  private final ScheduledExecutorService scheduler;
  private final Map<String, WebhookDelivery> deliveries = new LinkedHashMap<>();

  /** Stripe's open disputes, by payment, as their events last carried them. */
  private final Map<String, ObjectNode> disputes = new HashMap<>();

  private final ConcurrentHashMap<String, Long> amountsPaid = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, Delivering> delivering = new ConcurrentHashMap<>();

  /** Per gateway and order ({@link #key}), a mode that wins over the gateway's. */
  private final ConcurrentHashMap<String, Delivering> deliveringByOrder = new ConcurrentHashMap<>();

  /** A gateway's delivery mode and, for {@link WebhookDeliveryMode#LATE}, its delay. */
  private record Delivering(WebhookDeliveryMode mode, long delayMillis) {}

  /**
   * @param webhooksUrl where to send, {@code http://host:port/path}; null to send nothing
   * @param secret2c2p the merchant secret 2C2P notifications are signed with
   */
  WebhookSender(String webhooksUrl, String secret2c2p, Lookup lookup, Retries retries) {
    this(webhooksUrl, secret2c2p, lookup, (gateway, id) -> Optional.empty(), retries);
  }

  /**
   * @param orders the order of a payment; when it knows none, the webhook's reference is taken
   */
  WebhookSender(
      String webhooksUrl, String secret2c2p, Lookup lookup, Orders orders, Retries retries) {
    this.target = webhooksUrl == null ? null : validTarget(webhooksUrl);
    this.secret2c2p = secret2c2p;
    this.lookup = lookup;
    this.orders = orders;
    this.retries = retries;
    this.http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(CONNECT_TIMEOUT)
            .build();
    this.scheduler =
        Executors.newScheduledThreadPool(
            RETRY_THREADS, GatewaySandbox.daemonThreads("gateway-sandbox-webhooks-"));
  }

  private static String validTarget(String url) {
    String base = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    URI uri = URI.create(base);
    if (!("http".equals(uri.getScheme()) || "https".equals(uri.getScheme()))
        || uri.getHost() == null) {
      throw new IllegalArgumentException("The webhooks URL must be http(s)://host...: " + url);
    }
    return base;
  }

  /** Where webhooks go, without the gateway; empty when they are only recorded. */
  Optional<String> target() {
    return Optional.ofNullable(target);
  }

  @Override
  public void statusChanged(LedgerEntry entry) {
    List<Webhook> webhooks;
    try {
      webhooks =
          Webhook.about(
              entry,
              lookup.find(entry.gateway(), entry.id()),
              amountsPaid.get(key(entry.gateway(), entry.id())),
              secret2c2p);
    } catch (RuntimeException e) {
      // The status did change: a webhook the sandbox cannot build must not undo or hide that.
      LOG.log(
          Level.SEVERE,
          "No webhook for " + entry.gateway() + " payment " + entry.id() + ": cannot build it",
          e);
      return;
    }
    // In the gateway's order: the first attempt of one before the next is sent.
    webhooks.forEach(this::send);
  }

  /** Sends the gateway's dispute webhook about a paid payment; the event's summary. */
  ObjectNode disputed(LedgerEntry entry) {
    ObjectNode payment = lookup.find(entry.gateway(), entry.id());
    Webhook webhook;
    if (entry.gateway().equals(StripeApi.NAME)) {
      ObjectNode dispute = DisputeWebhooks.stripeDispute(entry, payment);
      synchronized (this) {
        disputes.put(key(entry.gateway(), entry.id()), dispute);
      }
      webhook = DisputeWebhooks.stripeEvent(entry, "charge.dispute.created", dispute.deepCopy());
    } else {
      webhook = DisputeWebhooks.about(entry, payment, secret2c2p);
    }
    send(webhook);
    synchronized (this) {
      return deliveries.get(webhook.eventId()).summary();
    }
  }

  /**
   * Closes the Stripe dispute about a payment, won or lost, and sends its webhooks; the last
   * event's summary, or empty when no dispute of it is open.
   */
  Optional<ObjectNode> disputeClosed(LedgerEntry entry, boolean won) {
    ObjectNode dispute;
    synchronized (this) {
      dispute = disputes.remove(key(entry.gateway(), entry.id()));
    }
    if (dispute == null) {
      return Optional.empty();
    }
    List<Webhook> webhooks = DisputeWebhooks.stripeClosed(entry, dispute, won);
    webhooks.forEach(this::send);
    synchronized (this) {
      return Optional.of(deliveries.get(webhooks.get(webhooks.size() - 1).eventId()).summary());
    }
  }

  private void send(Webhook webhook) {
    WebhookDelivery delivery = new WebhookDelivery(webhook);
    synchronized (this) {
      deliveries.put(webhook.eventId(), delivery);
    }
    if (target == null) {
      LOG.log(
          Level.FINE,
          "Webhook {0} {1} recorded, not sent: no webhooks URL",
          new Object[] {webhook.eventId(), webhook.type()});
      return;
    }
    Delivering how = delivering(webhook);
    switch (how.mode()) {
      case NEVER ->
          LOG.log(
              Level.FINE,
              "Webhook {0} {1} recorded, never sent: delivery mode never",
              new Object[] {webhook.eventId(), webhook.type()});
      case LATE -> schedule(delivery, Duration.ofMillis(how.delayMillis()));
      case TWICE -> {
        attempt(delivery);
        delivery.attempted(post(webhook));
      }
      default -> attempt(delivery);
    }
  }

  /**
   * How {@code gateway}'s webhooks are delivered from now on; {@code delayMillis} is the delay of
   * {@link WebhookDeliveryMode#LATE}.
   */
  void deliveryMode(String gateway, WebhookDeliveryMode mode, long delayMillis) {
    if (delayMillis < 0) {
      throw new IllegalArgumentException("delayMillis must not be negative.");
    }
    delivering.put(gateway, new Delivering(mode, delayMillis));
  }

  /**
   * How {@code gateway}'s webhooks about the payments of {@code order} are delivered from now on,
   * whatever the gateway's mode; {@link WebhookDeliveryMode#NORMAL} forgets the order's own mode,
   * so that the gateway's applies to it again.
   */
  void deliveryMode(String gateway, String order, WebhookDeliveryMode mode, long delayMillis) {
    if (delayMillis < 0) {
      throw new IllegalArgumentException("delayMillis must not be negative.");
    }
    if (mode == WebhookDeliveryMode.NORMAL) {
      deliveringByOrder.remove(key(gateway, order));
    } else {
      deliveringByOrder.put(key(gateway, order), new Delivering(mode, delayMillis));
    }
  }

  /** The mode of the webhook's payment's order, else of its gateway, else normal. */
  private Delivering delivering(Webhook webhook) {
    if (!deliveringByOrder.isEmpty()) {
      Optional<String> order =
          orders
              .of(webhook.gateway(), webhook.chargeId())
              // A gateway that no longer shows the payment (reset meanwhile): the ledger's word.
              .or(() -> OrderIds.of(webhook.reference()));
      Delivering own =
          order.map(o -> deliveringByOrder.get(key(webhook.gateway(), o))).orElse(null);
      if (own != null) {
        return own;
      }
    }
    return delivering.getOrDefault(
        webhook.gateway(), new Delivering(WebhookDeliveryMode.NORMAL, 0));
  }

  /**
   * Runs {@code settle} (which changes a payment's status) so that the webhook it causes says the
   * customer paid {@code amount}, not the charged amount: a bank transfer short or over. The
   * webhook is built in the same thread, during {@code settle}.
   */
  <T> T paying(String gateway, String id, Long amount, Supplier<T> settle) {
    if (amount == null) {
      return settle.get();
    }
    String key = key(gateway, id);
    amountsPaid.put(key, amount);
    try {
      return settle.get();
    } finally {
      amountsPaid.remove(key);
    }
  }

  /**
   * Sends a recorded event once more, now and freshly signed, whatever its earlier attempts got.
   * Returns {@code {"status": <HTTP status or null>, "delivered": <2xx this time>}}, or empty for
   * an unknown event. Only call it with a webhooks URL.
   */
  Optional<ObjectNode> redeliver(String eventId) {
    WebhookDelivery delivery;
    synchronized (this) {
      delivery = deliveries.get(eventId);
    }
    if (delivery == null) {
      return Optional.empty();
    }
    Integer status = post(delivery.webhook());
    delivery.attempted(status);
    return Optional.of(Json.object().put("status", status).put("delivered", success(status)));
  }

  /** Every recorded event, oldest first. */
  synchronized List<ObjectNode> list() {
    List<ObjectNode> list = new ArrayList<>();
    deliveries.values().forEach(delivery -> list.add(delivery.toJson()));
    return list;
  }

  /** The newest event about one payment. */
  synchronized Optional<WebhookDelivery> latest(String gateway, String chargeId) {
    WebhookDelivery latest = null;
    for (WebhookDelivery delivery : deliveries.values()) {
      Webhook webhook = delivery.webhook();
      if (webhook.gateway().equals(gateway) && webhook.chargeId().equals(chargeId)) {
        latest = delivery;
      }
    }
    return Optional.ofNullable(latest);
  }

  /**
   * Forgets every event, cancels their pending retries and delivers normally again, every order
   * included.
   */
  synchronized void reset() {
    delivering.clear();
    deliveringByOrder.clear();
    deliveries.values().forEach(WebhookDelivery::cancel);
    deliveries.clear();
  }

  @Override
  public void close() {
    scheduler.shutdownNow();
  }

  /** One attempt; schedules the next if it was not delivered and attempts remain. */
  private void attempt(WebhookDelivery delivery) {
    if (!delivery.pending()) {
      return;
    }
    Webhook webhook = delivery.webhook();
    int attempts = delivery.attempted(post(webhook));
    if (!delivery.pending()) {
      return;
    }
    Retries own = retries(webhook.gateway());
    if (attempts >= own.maxAttempts()) {
      LOG.log(
          Level.WARNING,
          "Webhook {0} {1} not delivered after {2} attempts; giving up",
          new Object[] {webhook.eventId(), webhook.type(), attempts});
      return;
    }
    schedule(delivery, own.delayAfter(attempts));
  }

  /**
   * PayPay gives up within seconds ({@link Retries#PAYPAY}); the other gateways retry as the
   * sandbox was told. PayPay's 1.5 s timeout is not imitated: the receivers are local, and a busy
   * machine would lose their answers, not PayPay.
   */
  private Retries retries(String gateway) {
    return gateway.equals(PayPayApi.NAME) ? Retries.PAYPAY : retries;
  }

  /** The next attempt, {@code delay} from now; a reset cancels it. */
  private void schedule(WebhookDelivery delivery, Duration delay) {
    try {
      delivery.retryWith(
          scheduler.schedule(() -> attempt(delivery), delay.toMillis(), TimeUnit.MILLISECONDS));
    } catch (RejectedExecutionException closing) {
      LOG.log(Level.FINE, "Webhook {0}: the sandbox is closing", delivery.webhook().eventId());
    }
  }

  /** Posts the event, signed now; the HTTP status, or null when no answer came. */
  private Integer post(Webhook webhook) {
    URI uri = URI.create(target + "/" + webhook.gateway());
    HttpRequest.Builder request =
        HttpRequest.newBuilder(uri)
            .timeout(REQUEST_TIMEOUT)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(webhook.body(), StandardCharsets.UTF_8));
    WebhookSigner.headers(webhook, Instant.now().getEpochSecond()).forEach(request::header);
    try {
      int status = http.send(request.build(), BodyHandlers.discarding()).statusCode();
      LOG.log(
          success(status) ? Level.FINE : Level.INFO,
          "Webhook {0} {1} to {2}: HTTP {3}",
          new Object[] {webhook.eventId(), webhook.type(), uri, status});
      return status;
    } catch (IOException e) {
      LOG.log(
          Level.INFO,
          "Webhook {0} {1} to {2}: no answer ({3})",
          new Object[] {webhook.eventId(), webhook.type(), uri, e.toString()});
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }

  private static boolean success(Integer status) {
    return status != null && status >= 200 && status < 300;
  }

  private static String key(String gateway, String id) {
    return gateway + "/" + id;
  }
}
