package io.ichido.webhooks.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;

/** {@code ichido_webhooks_total{gateway,outcome}} in /metrics. */
@ApplicationScoped
public class WebhookMetrics {

  @Inject MetricRegistry registry;

  void count(String gateway, String outcome) {
    registry
        .counter("ichido.webhooks", new Tag("gateway", gateway), new Tag("outcome", outcome))
        .inc();
  }
}
