package io.ichido.payments.boundary;

import io.ichido.payments.control.GatewaySettings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;

/** What payments publish about the gateways enabled here, for the auditors' totals. */
@ApplicationScoped
public class EnabledGateways {

  @Inject GatewaySettings settings;

  /** The gateways this server is configured for (a base URL set), by name. */
  public List<String> names() {
    return settings.names().stream().filter(settings::enabled).sorted().toList();
  }
}
