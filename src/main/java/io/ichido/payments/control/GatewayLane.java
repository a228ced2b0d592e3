package io.ichido.payments.control;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.function.Supplier;
import org.eclipse.microprofile.faulttolerance.Bulkhead;

/**
 * Bounds how many requests talk to the gateways at once, below the database pool ({@code
 * DB_POOL_MAX}, 40), so slow gateways can never take every connection's worth of threads: orders,
 * webhooks and readiness keep answering. A full lane refuses at once ({@link GatewayBusy}), before
 * anything is recorded. Tunable as {@code io.ichido.payments.control.GatewayLane/Bulkhead/value}.
 */
@ApplicationScoped
public class GatewayLane {

  @Bulkhead(30)
  public <T> T run(Supplier<T> work) {
    return work.get();
  }
}
