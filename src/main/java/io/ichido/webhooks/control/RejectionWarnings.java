package io.ichido.webhooks.control;

import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The log lines about rejected deliveries: at most one WARNING per gateway every {@link #INTERVAL},
 * saying how many were left out since the one before. Anyone can post forgeries as fast as they
 * like; the log must stay readable and small whatever they send (the metric counts every one). Only
 * our own reason is logged, never the body or the signature.
 */
@ApplicationScoped
public class RejectionWarnings {

  static final Duration INTERVAL = Duration.ofSeconds(10);
  private static final Logger LOG = Logger.getLogger(RejectionWarnings.class.getName());

  private final LongSupplier nanoTime;
  // One entry per gateway we take webhooks from: unknown names are refused before they get here.
  private final Map<String, Window> windows = new ConcurrentHashMap<>();

  public RejectionWarnings() {
    this(System::nanoTime);
  }

  RejectionWarnings(LongSupplier nanoTime) {
    this.nanoTime = nanoTime;
  }

  /** {@code reason}: the rejection's own message, which names the gateway. */
  void rejected(String gateway, String reason) {
    long leftOut = windows.computeIfAbsent(gateway, g -> new Window()).admit(nanoTime.getAsLong());
    if (leftOut < 0) {
      return;
    }
    if (leftOut == 0) {
      LOG.log(Level.WARNING, "Webhook rejected: {0}", reason);
    } else {
      LOG.log(
          Level.WARNING,
          "Webhook rejected: {0} ({1} more from {2} since the last such line, not logged)",
          new Object[] {reason, leftOut, gateway});
    }
  }

  /** One gateway's last logged line and what was left out since. */
  private static final class Window {
    private boolean logged;
    private long loggedAt;
    private long leftOut;

    /** How many were left out before this one, or -1 when this one is to be left out too. */
    synchronized long admit(long now) {
      if (logged && now - loggedAt < INTERVAL.toNanos()) {
        leftOut++;
        return -1;
      }
      long before = leftOut;
      logged = true;
      loggedAt = now;
      leftOut = 0;
      return before;
    }
  }
}
