package io.ichido.payments.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
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

  /** Every gateway Ichido speaks, by the name its configuration and requests use. */
  public static final List<String> NAMES =
      List.of(StripeGateway.NAME, OmiseGateway.NAME, KomojuGateway.NAME, TwoC2pGateway.NAME);

  @Inject Config config;

  @Inject
  @ConfigProperty(name = "ichido.gateway.connect-timeout", defaultValue = "PT3S")
  Duration connectTimeout;

  @Inject
  @ConfigProperty(name = "ichido.gateway.read-timeout", defaultValue = "PT10S")
  Duration readTimeout;

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
