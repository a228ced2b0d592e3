package io.ichido.payments.control;

import io.ichido.payments.gateway.Gateway;
import io.ichido.platform.control.PublicSecrets;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.Config;

/**
 * What makes an enabled gateway unsafe to use: a missing secret key, webhook secret or other
 * property its {@link Gateway} qualifier requires (a gateway that signs its notifications with its
 * secret key needs webhook secrets only while that key rotates), a base URL that is not HTTPS off
 * loopback, or a value of the local sandbox, which anyone can read in this repository, while the
 * base URL is not the sandbox on a loopback address. Such a gateway takes no charges and no
 * webhooks, readiness is DOWN, and each problem is logged once at startup. Problems name the
 * property and its environment variable, never its value.
 */
@ApplicationScoped
public class GatewayConfigCheck {

  private static final Logger LOG = Logger.getLogger(GatewayConfigCheck.class.getName());
  private static final String SANDBOX_VALUE =
      "is a value of the local sandbox, public in Ichido's repository, but the base URL is not the"
          + " sandbox on a loopback address";

  /** One thing wrong with one gateway's configuration. */
  public record Problem(String gateway, String property, String reason) {

    /** The environment variable that sets the property, e.g. ICHIDO_WEBHOOKS_STRIPE_SECRETS. */
    public String variable() {
      return GatewayConfigCheck.variable(property);
    }
  }

  /** The environment variable that sets a property. */
  static String variable(String property) {
    return property.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]", "_");
  }

  @Inject Config config;
  @Inject GatewaySettings settings;

  void logProblems(@Observes @Initialized(ApplicationScoped.class) Object started) {
    for (Problem problem : problems()) {
      LOG.log(
          Level.SEVERE,
          "Gateway {0} is not safe to use: {1} ({2}) {3}. It takes no charges and no webhooks,"
              + " and readiness is DOWN, until this is fixed.",
          new Object[] {
            problem.gateway(), problem.variable(), problem.property(), problem.reason()
          });
    }
  }

  public List<Problem> problems() {
    return check(settings.gateways(), name -> config.getOptionalValue(name, String.class));
  }

  /** Enabled, and nothing wrong with its configuration. */
  public boolean usable(String gateway) {
    return settings.gateways().stream()
        .filter(described -> described.value().equals(gateway))
        .findFirst()
        .flatMap(described -> check(name -> config.getOptionalValue(name, String.class), described))
        .map(List::isEmpty)
        .orElse(false);
  }

  /** Every enabled gateway's problems, from a configuration lookup. */
  static List<Problem> check(List<Gateway> gateways, Function<String, Optional<String>> config) {
    List<Problem> problems = new ArrayList<>();
    for (Gateway gateway : gateways) {
      check(config, gateway).ifPresent(problems::addAll);
    }
    return problems;
  }

  /** Empty when the gateway is not enabled, else its problems. */
  static Optional<List<Problem>> check(
      Function<String, Optional<String>> config, Gateway described) {
    String gateway = described.value();
    String baseUrlProperty = GatewaySettings.property(gateway, "base-url");
    Optional<String> baseUrl = config.apply(baseUrlProperty);
    if (baseUrl.isEmpty()) {
      return Optional.empty();
    }
    List<Problem> problems = new ArrayList<>();
    URI url = absoluteHttpUrl(baseUrl.get());
    boolean sandbox = url != null && loopback(url);
    if (url == null) {
      problems.add(
          new Problem(
              gateway, baseUrlProperty, "is not an absolute http or https URL with a host"));
    } else if (!sandbox && !"https".equalsIgnoreCase(url.getScheme())) {
      problems.add(
          new Problem(
              gateway,
              baseUrlProperty,
              "is plain HTTP off loopback: the secret key would travel in the clear"));
    }
    String secretKey = GatewaySettings.property(gateway, "secret-key");
    requireSafe(config, gateway, secretKey, sandbox, problems);
    String webhookSecrets = "ichido.webhooks." + gateway + ".secrets";
    for (String required : described.requires()) {
      if (config.apply(GatewaySettings.property(gateway, required)).isEmpty()) {
        problems.add(
            new Problem(gateway, GatewaySettings.property(gateway, required), "is missing"));
      }
    }
    if (described.unsignedWebhooks()) {
      // Nothing to sign with: its deliveries are hints, each read back from the gateway.
      return Optional.of(problems);
    }
    if (described.signsWebhooksWithSecretKey()) {
      // Signed with the secret key checked above; webhook secrets of its own only while that key
      // rotates.
      if (!values(config, webhookSecrets).isEmpty()) {
        requireSafe(config, gateway, webhookSecrets, sandbox, problems);
      }
    } else {
      requireSafe(config, gateway, webhookSecrets, sandbox, problems);
    }
    return Optional.of(problems);
  }

  /** Present, and (each of a comma-separated list) not the sandbox's unless this is the sandbox. */
  private static void requireSafe(
      Function<String, Optional<String>> config,
      String gateway,
      String property,
      boolean sandbox,
      List<Problem> problems) {
    List<String> values = values(config, property);
    if (values.isEmpty()) {
      problems.add(new Problem(gateway, property, "is missing"));
    } else if (!sandbox && values.stream().anyMatch(PublicSecrets::isSandboxSecret)) {
      problems.add(new Problem(gateway, property, SANDBOX_VALUE));
    }
  }

  private static List<String> values(Function<String, Optional<String>> config, String property) {
    return config.apply(property).stream()
        .flatMap(value -> Arrays.stream(value.split(",")))
        .map(String::trim)
        .filter(value -> !value.isEmpty())
        .toList();
  }

  private static URI absoluteHttpUrl(String value) {
    try {
      URI url = new URI(value.trim());
      boolean http =
          "http".equalsIgnoreCase(url.getScheme()) || "https".equalsIgnoreCase(url.getScheme());
      return http && url.getHost() != null ? url : null;
    } catch (java.net.URISyntaxException malformed) {
      return null;
    }
  }

  /** By the URL alone, never by a DNS lookup: {@code localhost}, 127.0.0.0/8 or [::1]. */
  static boolean loopback(URI url) {
    String host = url.getHost().toLowerCase(Locale.ROOT);
    if (host.startsWith("[") && host.endsWith("]")) {
      host = host.substring(1, host.length() - 1);
    }
    return host.equals("localhost")
        || host.matches("127(\\.\\d{1,3}){3}")
        || host.equals("::1")
        || host.equals("0:0:0:0:0:0:0:1");
  }
}
