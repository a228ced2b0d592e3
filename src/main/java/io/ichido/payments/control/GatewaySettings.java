package io.ichido.payments.control;

import io.ichido.payments.gateway.Gateway;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Where each gateway lives and how to authenticate, from {@code ichido.gateway.<name>.*}. A gateway
 * is enabled when its base URL is configured; the WAR configures none, so every gateway is off
 * until the operator (or the run and test commands, for the local sandbox) sets one.
 */
@ApplicationScoped
public class GatewaySettings {

  @Inject Config config;
  @Inject BeanManager beans;

  @Inject
  @ConfigProperty(name = "ichido.gateway.connect-timeout", defaultValue = "PT3S")
  Duration connectTimeout;

  @Inject
  @ConfigProperty(name = "ichido.gateway.read-timeout", defaultValue = "PT10S")
  Duration readTimeout;

  /**
   * Every gateway Ichido speaks, by the name its configuration and requests use, in the order they
   * are listed. Read from the beans' qualifiers: no gateway is built to tell its name.
   */
  public List<String> names() {
    return gateways().stream().map(Gateway::value).toList();
  }

  /** Every gateway as its bean's qualifier describes it, in the order they are listed. */
  public List<Gateway> gateways() {
    return beans.getBeans(PaymentGateway.class, Any.Literal.INSTANCE).stream()
        .flatMap(bean -> bean.getQualifiers().stream())
        .filter(Gateway.class::isInstance)
        .map(Gateway.class::cast)
        .sorted(Comparator.comparingInt(Gateway::listed))
        .toList();
  }

  public boolean enabled(String gateway) {
    return optional(gateway, "base-url").isPresent();
  }

  /** Only for an enabled gateway. */
  public String baseUrl(String gateway) {
    return value(gateway, "base-url");
  }

  /** Empty when none is set: the configuration check keeps such a gateway from being used. */
  public String secretKey(String gateway) {
    return optional(gateway, "secret-key").orElse("");
  }

  /**
   * Whether the gateway keeps its promise that one idempotency key never charges twice ({@code
   * ichido.gateway.<name>.idempotency-key-honoured}, true unless configured; false for Omise, whose
   * material confirms no such promise). Without it, a request that may have reached the gateway is
   * never sent again: the charge is looked up instead.
   */
  public boolean keysHonoured(String gateway) {
    return optional(gateway, "idempotency-key-honoured").map(Boolean::parseBoolean).orElse(true);
  }

  /**
   * Whether a refund sent again under its key is never a second refund ({@code
   * ichido.gateway.<name>.refund-key-honoured}, else as for charges). 2C2P keys its charges by
   * invoice but documents nothing that keys a refund: without it, the charge's refunds are read
   * before a refund is sent again.
   */
  public boolean refundKeysHonoured(String gateway) {
    return optional(gateway, "refund-key-honoured")
        .map(Boolean::parseBoolean)
        .orElseGet(() -> keysHonoured(gateway));
  }

  /**
   * How long after its first request an attempt in doubt is sent again under its key ({@code
   * ichido.gateway.<name>.resend-window}, else {@code usual}); never where keys are not honoured.
   * Afterwards the gateway is searched for it.
   */
  public Duration resendWindow(String gateway, Duration usual) {
    if (!keysHonoured(gateway)) {
      return Duration.ZERO;
    }
    return optional(gateway, "resend-window").map(Duration::parse).orElse(usual);
  }

  /**
   * How long after its request last left a search that does not find an attempt is believed ({@code
   * ichido.gateway.<name>.lookup-after}; an hour unless configured): the gateway may still be
   * working on the request, and its search may show a charge only some time after it was made
   * (Stripe: "can be up to an hour behind during outages"). Each gateway's bound and its source are
   * in docs/gateway-wire-formats.md.
   */
  public Duration lookupAfter(String gateway) {
    return optional(gateway, "lookup-after").map(Duration::parse).orElse(DEFAULT_LOOKUP_AFTER);
  }

  private static final Duration DEFAULT_LOOKUP_AFTER = Duration.ofHours(1);

  public String value(String gateway, String name) {
    return config.getValue(property(gateway, name), String.class);
  }

  public Optional<String> optional(String gateway, String name) {
    return config.getOptionalValue(property(gateway, name), String.class);
  }

  static String property(String gateway, String name) {
    return "ichido.gateway." + gateway + "." + name;
  }

  public Duration connectTimeout() {
    return connectTimeout;
  }

  public Duration readTimeout() {
    return readTimeout;
  }
}
