package io.ichido.payments.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Where each gateway lives and how to authenticate, from {@code ichido.gateway.<name>.*}. The
 * defaults in microprofile-config.properties point at the local sandbox with fake keys.
 */
@ApplicationScoped
public class GatewaySettings {

  @Inject Config config;

  @Inject
  @ConfigProperty(name = "ichido.gateway.connect-timeout", defaultValue = "PT3S")
  Duration connectTimeout;

  @Inject
  @ConfigProperty(name = "ichido.gateway.read-timeout", defaultValue = "PT10S")
  Duration readTimeout;

  public String baseUrl(String gateway) {
    return value(gateway, "base-url");
  }

  public String secretKey(String gateway) {
    return value(gateway, "secret-key");
  }

  public String value(String gateway, String name) {
    return config.getValue("ichido.gateway." + gateway + "." + name, String.class);
  }

  public Duration connectTimeout() {
    return connectTimeout;
  }

  public Duration readTimeout() {
    return readTimeout;
  }
}
