package io.ichido.payments.gateway;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import io.ichido.ProductionClasses;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/** One gateway, one package: the rules that keep a new gateway one new package plus its config. */
@ResourceLock(ProductionClasses.LOCK)
class GatewayPackagesTest {

  private static final JavaClasses PRODUCTION = ProductionClasses.IMPORTED;

  @Test
  @DisplayName("no class outside a gateway's package names that gateway: beans are found by name")
  void gatewaysAreFoundNotListed() {
    noClasses()
        .that()
        .resideOutsideOfPackage("io.ichido.payments.gateway.*..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.ichido.payments.gateway.*..")
        .because("common code that lists gateways must change for every new one")
        .check(PRODUCTION);
  }

  @Test
  @DisplayName("gateways depend on no other gateway")
  void gatewaysStandApart() {
    slices()
        .matching("io.ichido.payments.gateway.(*)..")
        .should()
        .notDependOnEachOther()
        .because("what two gateways share belongs in payments.gateway or payments.control")
        .check(PRODUCTION);
  }

  @Test
  @DisplayName(
      "gateways read webhooks without the webhooks capability, which uses no payments control")
  void webhooksAndGatewaysMeetInPublishedTypes() {
    noClasses()
        .that()
        .resideInAPackage("io.ichido.payments..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.ichido.webhooks..")
        .because("webhooks depends on payments: the other way round would be a cycle")
        .check(PRODUCTION);
    noClasses()
        .that()
        .resideInAPackage("io.ichido.webhooks..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.ichido.payments.control..")
        .because("payments.control is private to payments; it publishes boundary and gateway")
        .check(PRODUCTION);
  }
}
