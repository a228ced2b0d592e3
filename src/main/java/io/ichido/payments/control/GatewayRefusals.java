package io.ichido.payments.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;

/**
 * What each gateway's refusals of our calls ({@link GatewayRefusedCall}) tell the operator: every
 * one counts in {@code ichido_gateway_refusals_total{gateway,why}}; a gateway that refused our
 * credentials turns readiness DOWN, with one SEVERE line when it starts and one INFO line when the
 * gateway accepts a call again. Per server: each server learns it from its own calls.
 */
@ApplicationScoped
public class GatewayRefusals {

  private static final Logger LOG = Logger.getLogger(GatewayRefusals.class.getName());

  @Inject MetricRegistry registry;

  /** Gateways whose last answer refused our credentials, with the first such refusal. */
  private final Map<String, Refused> refusedCredentials = new ConcurrentHashMap<>();

  /** The credential refusal readiness reports for one gateway. */
  public record Refused(String gateway, GatewayRefusedCall.Why why, int httpStatus, Instant since) {

    public String property() {
      return GatewaySettings.property(gateway, "secret-key");
    }
  }

  void refused(GatewayRefusedCall refusal) {
    registry
        .counter(
            "ichido.gateway.refusals",
            new Tag("gateway", refusal.gateway()),
            new Tag("why", refusal.why().label()))
        .inc();
    if (!refusal.why().credentials()) {
      LOG.log(
          Level.WARNING,
          "Gateway {0} refused a call ({1}, HTTP {2}): never read as the payment taken or not",
          new Object[] {refusal.gateway(), refusal.why().label(), refusal.httpStatus()});
      return;
    }
    Refused refused =
        new Refused(refusal.gateway(), refusal.why(), refusal.httpStatus(), Instant.now());
    if (refusedCredentials.putIfAbsent(refusal.gateway(), refused) == null) {
      LOG.log(
          Level.SEVERE,
          "Gateway {0} refuses our secret key ({1}, HTTP {2}): set a key it accepts in {3} ({4})"
              + " and restart. Until then readiness is DOWN, and charges it was asked about stay"
              + " in doubt: none is taken for not charged.",
          new Object[] {
            refusal.gateway(),
            refusal.why().label(),
            refusal.httpStatus(),
            GatewayConfigCheck.variable(refused.property()),
            refused.property()
          });
    }
  }

  /** The gateway answered a call as an authenticated caller (anything but a refused call). */
  void accepted(String gateway) {
    if (refusedCredentials.remove(gateway) != null) {
      LOG.log(Level.INFO, "Gateway {0} accepts our secret key again", gateway);
    }
  }

  public List<Refused> credentialsRefused() {
    return List.copyOf(refusedCredentials.values());
  }
}
