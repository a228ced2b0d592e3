package io.ichido.payments.control;

import io.ichido.payments.gateway.Gateway;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Optional;

/** The gateways of {@code io.ichido.payments.gateway}, found as beans and chosen by name. */
@ApplicationScoped
public class Gateways {

  @Inject @Any Instance<PaymentGateway> all;
  @Inject GatewaySettings settings;
  @Inject GatewayConfigCheck check;

  /** An enabled gateway, to ask about charges it may have made. */
  public Optional<PaymentGateway> named(String name) {
    if (!settings.enabled(name)) {
      return Optional.empty();
    }
    // Selected by its qualifier, so that a gateway that is off (no base URL to connect to) is
    // never built.
    Instance<PaymentGateway> named = all.select(new Gateway.Named(name));
    return named.isResolvable() ? Optional.of(named.get()) : Optional.empty();
  }

  /** The gateways a new charge may go through now: enabled and safely configured, by name. */
  public List<PaymentGateway> usable() {
    return settings.names().stream()
        .sorted()
        .filter(name -> settings.enabled(name) && check.usable(name))
        .map(this::named)
        .flatMap(Optional::stream)
        .toList();
  }

  /**
   * The gateway to make a new charge through.
   *
   * @throws PaymentRefused when there is no such gateway, it is not enabled (400), or its
   *     configuration is unsafe (503, see {@link GatewayConfigCheck})
   */
  public PaymentGateway forCharge(String name) {
    if (!settings.names().contains(name)) {
      throw PaymentRefused.unknownGateway(name);
    }
    if (!settings.enabled(name)) {
      throw PaymentRefused.gatewayDisabled(name);
    }
    if (!check.usable(name)) {
      throw PaymentRefused.gatewayMisconfigured(name);
    }
    return named(name).orElseThrow(() -> PaymentRefused.unknownGateway(name));
  }
}
