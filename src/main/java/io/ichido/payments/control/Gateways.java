package io.ichido.payments.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.util.Optional;

/** The configured gateways, by name. */
@ApplicationScoped
public class Gateways {

  @Inject @Any Instance<PaymentGateway> all;

  public Optional<PaymentGateway> named(String name) {
    return all.stream().filter(g -> g.name().equals(name)).findFirst();
  }
}
