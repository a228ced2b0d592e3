package io.ichido.webhooks.control;

import io.ichido.payments.gateway.ReceivedEvent;
import io.opentelemetry.api.trace.Span;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Marks the delivery's span (the HTTP request's) with what it was and what became of it: {@code
 * ichido.webhook.gateway}, {@code .event_type}, {@code .event_id} and {@code .outcome} (processed,
 * duplicate, in_flight, failed, rejected). The body and its signature stay out.
 */
@ApplicationScoped
public class WebhookSpans {

  static final String GATEWAY = "ichido.webhook.gateway";
  static final String EVENT_TYPE = "ichido.webhook.event_type";
  static final String EVENT_ID = "ichido.webhook.event_id";
  static final String OUTCOME = "ichido.webhook.outcome";

  void rejected(String gateway) {
    Span span = Span.current();
    span.setAttribute(GATEWAY, gateway);
    span.setAttribute(OUTCOME, "rejected");
  }

  void handled(ReceivedEvent event, String outcome) {
    Span span = Span.current();
    span.setAttribute(GATEWAY, event.gateway());
    span.setAttribute(EVENT_TYPE, event.type());
    span.setAttribute(EVENT_ID, event.eventId());
    span.setAttribute(OUTCOME, outcome);
  }
}
