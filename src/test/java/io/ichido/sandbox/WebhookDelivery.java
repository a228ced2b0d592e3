package io.ichido.sandbox;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.concurrent.Future;

/**
 * One webhook event and how its delivery goes; guarded by itself, since the control API, the
 * ledger's subscriber and the retry thread all touch it.
 */
final class WebhookDelivery {

  private final Webhook webhook;
  private int attempts;
  private boolean delivered;
  private Integer lastStatus;
  private boolean cancelled;
  private Future<?> retry;

  WebhookDelivery(Webhook webhook) {
    this.webhook = webhook;
  }

  Webhook webhook() {
    return webhook;
  }

  /**
   * Counts an attempt that got {@code status} (null: no answer at all) and returns the attempts so
   * far. Once delivered it stays delivered, even if a later redelivery fails.
   */
  synchronized int attempted(Integer status) {
    attempts++;
    lastStatus = status;
    delivered |= status != null && status >= 200 && status < 300;
    return attempts;
  }

  /** Whether another automatic attempt is wanted: not delivered and not cancelled by a reset. */
  synchronized boolean pending() {
    return !delivered && !cancelled;
  }

  synchronized boolean delivered() {
    return delivered;
  }

  /** Remembers the scheduled retry so that a reset can cancel it; false if already cancelled. */
  synchronized boolean retryWith(Future<?> scheduled) {
    if (cancelled) {
      scheduled.cancel(false);
      return false;
    }
    retry = scheduled;
    return true;
  }

  /** Stops the automatic retries: a reset forgot this delivery. */
  synchronized void cancel() {
    cancelled = true;
    if (retry != null) {
      retry.cancel(false);
    }
  }

  /** What the control API's settle answer says about it: {@code eventId, delivered, status}. */
  synchronized ObjectNode summary() {
    ObjectNode summary = Json.object().put("eventId", webhook.eventId());
    return summary.put("delivered", delivered).put("status", lastStatus);
  }

  /** The entry of {@code GET /_sandbox/webhooks}; {@code body} is the exact text sent. */
  synchronized ObjectNode toJson() {
    ObjectNode json = Json.object().put("eventId", webhook.eventId());
    json.put("gateway", webhook.gateway()).put("type", webhook.type());
    json.put("chargeId", webhook.chargeId()).put("reference", webhook.reference());
    json.put("attempts", attempts).put("delivered", delivered).put("lastStatus", lastStatus);
    return json.put("body", webhook.body());
  }
}
