package io.ichido.it.support;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The test server's application metrics, read as the operator over HTTPS, as /metrics requires. */
public final class Metrics {

  private static final Pattern WEBHOOKS =
      Pattern.compile("(?m)^ichido_webhooks_total\\{([^}]*)\\} ([0-9.eE+-]+)$");

  private Metrics() {}

  /** A counter without labels, such as {@code ichido_idempotency_replayed_total}; 0 if absent. */
  public static double counter(String name) {
    String metrics = Api.at(Api.SECURE_BASE, "operator").get("/metrics?scope=application").body();
    Matcher line =
        Pattern.compile("(?m)^" + Pattern.quote(name) + "(?:\\{[^}]*\\})? ([0-9.eE+-]+)$")
            .matcher(metrics);
    double total = 0;
    while (line.find()) {
      total += Double.parseDouble(line.group(1));
    }
    return total;
  }

  /** How many deliveries from this gateway were rejected so far. */
  public static double webhooksRejected(String gateway) {
    return webhooks(gateway, "rejected");
  }

  /** How many deliveries from this gateway ended so ({@code ichido_webhooks_total}), so far. */
  public static double webhooks(String gateway, String outcome) {
    String metrics = Api.at(Api.SECURE_BASE, "operator").get("/metrics?scope=application").body();
    Matcher line = WEBHOOKS.matcher(metrics);
    double total = 0;
    while (line.find()) {
      if (line.group(1).contains("gateway=\"" + gateway + "\"")
          && line.group(1).contains("outcome=\"" + outcome + "\"")) {
        total += Double.parseDouble(line.group(2));
      }
    }
    return total;
  }
}
