package io.ichido.sandbox;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * How the sandbox delivers one gateway's webhooks from now on ({@code POST
 * /_sandbox/webhook-delivery}), or only those about one order's payments (with {@code "order"},
 * winning over the gateway's mode), for the receivers that must cope with worse than a retry: every
 * event posted {@link #TWICE}, {@link #LATE} by {@code delayMillis}, or {@link #NEVER} (recorded,
 * never posted by itself; a redelivery through the control API still posts it). Reset returns every
 * gateway and order to {@link #NORMAL}; {@link #NORMAL} for an order forgets its own mode.
 */
enum WebhookDeliveryMode {
  /** The first attempt in the thread that changed the status, then retries until a 2xx. */
  NORMAL,
  /** As normal, then the same body posted once more at once: a duplicate delivery. */
  TWICE,
  /** The first attempt only {@code delayMillis} after the status changed, then as normal. */
  LATE,
  /** Recorded and never posted: a webhook lost for good. */
  NEVER;

  @JsonValue
  String wireName() {
    return WireNames.of(this);
  }

  static WebhookDeliveryMode fromWire(String name) {
    return WireNames.parse(WebhookDeliveryMode.class, name, "webhook delivery mode");
  }
}
