package io.ichido.it.resilience;

import io.ichido.it.support.Api;
import io.ichido.it.support.OnSharedDeployment;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Real concurrent requests: the claim and the reservation under contention. */
class OrderStormIT extends OnSharedDeployment {

  private static final int STORM = 50;

  @Test
  @DisplayName("50 identical requests at once with one key: one order, stock reserved once, no 5xx")
  void oneKeyStorm() throws Exception {
    Storms.oneKey(STORM, i -> Api.as("shop-a"));
  }

  @Test
  @DisplayName(
      "50 orders with distinct keys for the last 10 units: exactly 10 succeed, never oversold")
  void lastUnitsStorm() throws Exception {
    Storms.lastUnits(STORM, i -> Api.as(i % 2 == 0 ? "shop-a" : "shop-b"));
  }
}
