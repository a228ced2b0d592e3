package io.ichido.payments.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** The configured gateways, by name. */
@ApplicationScoped
public class Gateways {

  @Inject @Any Instance<PaymentGateway> all;
  @Inject GatewaySettings settings;
  @Inject GatewayConfigCheck check;

  /** An enabled gateway, to ask about charges it may have made. */
  public Optional<PaymentGateway> named(String name) {
    Class<? extends PaymentGateway> type = type(name);
    if (type == null || !settings.enabled(name)) {
      return Optional.empty();
    }
    // Selected by type, so that a gateway that is off (no base URL to connect to) is never built.
    return Optional.of(all.select(type).get());
  }

  /** The gateways a new charge may go through now: enabled and safely configured, by name. */
  public List<PaymentGateway> usable() {
    return Stream.of(StripeGateway.NAME, OmiseGateway.NAME, KomojuGateway.NAME, TwoC2pGateway.NAME)
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
    if (type(name) == null) {
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

  private static Class<? extends PaymentGateway> type(String name) {
    return switch (name) {
      case StripeGateway.NAME -> StripeGateway.class;
      case OmiseGateway.NAME -> OmiseGateway.class;
      case KomojuGateway.NAME -> KomojuGateway.class;
      case TwoC2pGateway.NAME -> TwoC2pGateway.class;
      default -> null;
    };
  }
}
