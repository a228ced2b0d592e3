package io.ichido;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaCall;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.properties.HasName;
import com.tngtech.archunit.core.domain.properties.HasOwner;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import io.ichido.payments.control.MoneyDecider;
import io.ichido.payments.entity.MoneyEffect;
import io.ichido.payments.entity.MoneyObservation;
import io.ichido.payments.entity.OrderMoney;
import io.ichido.payments.entity.OrderStanding;
import jakarta.persistence.EntityManager;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * The package rules of docs/architecture.md, checked on the production classes. Plain Jupiter tests
 * rather than {@code @ArchTest} fields, so that a rule waiting for a fix can carry
 * {@code @Disabled}.
 */
@ResourceLock(ProductionClasses.LOCK)
class ArchitectureTest {

  private static final JavaClasses PRODUCTION = ProductionClasses.IMPORTED;

  @Test
  @DisplayName("other capabilities use what idempotency publishes, never its control")
  void othersUseOnlyWhatIdempotencyPublishes() {
    noClasses()
        .that()
        .resideOutsideOfPackage("io.ichido.idempotency..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.ichido.idempotency.control..")
        .because("a capability's control is private to it; the layer publishes its boundary")
        .check(PRODUCTION);
  }

  @Test
  @DisplayName("idempotency depends on no other package of ours")
  void idempotencyStandsAlone() {
    noClasses()
        .that()
        .resideInAPackage("io.ichido.idempotency..")
        .should()
        .dependOnClassesThat(
            resideInAPackage("io.ichido..").and(not(resideInAPackage("io.ichido.idempotency.."))))
        .because("a team must be able to lift the idempotency jar into its own WAR")
        .check(PRODUCTION);
  }

  @Test
  @DisplayName(
      "the money decider and what it decides on do no I/O, read no clock, need no container")
  void moneyIsDecidedPurely() {
    DescribedPredicate<JavaClass> decider =
        JavaClass.Predicates.belongToAnyOf(
            MoneyDecider.class,
            OrderMoney.class,
            OrderStanding.class,
            MoneyObservation.class,
            MoneyEffect.class);
    classes()
        .that(decider)
        .should()
        .onlyDependOnClassesThat(
            resideInAPackage("java.lang")
                .or(resideInAPackage("java.util"))
                .or(resideInAPackage("java.util.function"))
                .or(resideInAPackage("java.util.stream"))
                .or(decider)
                .or(
                    DescribedPredicate.describe(
                        "arrays of them",
                        type -> type.isArray() && decider.test(type.getBaseComponentType()))))
        .andShould(
            new ArchCondition<JavaClass>("read no clock") {
              @Override
              public void check(JavaClass item, ConditionEvents events) {
                for (JavaCall<?> call : item.getMethodCallsFromSelf()) {
                  if (call.getTargetOwner().isEquivalentTo(System.class)) {
                    events.add(SimpleConditionEvent.violated(call, call.getDescription()));
                  }
                }
              }
            })
        .because(
            "a pure decider is what lets millions of event orders be explored before a customer"
                + " meets one (docs/architecture.md, Who decides money)")
        .check(PRODUCTION);
  }

  @Test
  @DisplayName("idempotency needs only what the ichido-idempotency pom declares")
  void idempotencyNeedsOnlyItsDeclaredDependencies() {
    classes()
        .that()
        .resideInAPackage("io.ichido.idempotency..")
        .should()
        .onlyDependOnClassesThat()
        .resideInAnyPackage(
            "java..",
            "jakarta..", // jakarta.jakartaee-api, provided
            "org.eclipse.microprofile..", // microprofile, provided
            "io.opentelemetry.api..", // by MicroProfile Telemetry, provided, loaded only when
            // present
            "com.fasterxml.jackson..", // jackson-databind, the one runtime dependency
            "io.ichido.idempotency..")
        .because("src/idempotency/pom.xml is what a team's WAR inherits: nothing else is there")
        .check(PRODUCTION);
  }

  @Test
  @DisplayName("the client needs only what the ichido-client pom declares")
  void clientNeedsOnlyItsDeclaredDependencies() {
    classes()
        .that()
        .resideInAPackage("io.ichido.client..")
        .should()
        .onlyDependOnClassesThat()
        .resideInAnyPackage(
            "java..",
            "jakarta.ws.rs..", // jakarta.ws.rs-api, optional: JaxRsTries only
            "com.fasterxml.jackson..", // jackson-databind, the one dependency it brings
            "io.ichido.client..")
        .because("src/client/pom.xml is all a calling team's build gets: nothing else is there")
        .check(PRODUCTION);
  }

  @Test
  @DisplayName("a capability uses what another publishes (boundary, entity), never its control")
  void noCapabilityUsesAnothersControl() {
    classes()
        .that()
        .resideInAPackage("io.ichido..")
        .should(USE_NO_OTHER_CAPABILITYS_CONTROL)
        .because(
            "control is private to its capability: what others may use is published in boundary"
                + " (small facades returning records) and entity (events); the platform is the"
                + " shared kernel every capability builds on")
        .check(PRODUCTION);
  }

  @Test
  @DisplayName("no cycles between capabilities")
  void capabilitiesFormNoCycles() {
    slices()
        .matching("io.ichido.(*)..")
        .should()
        .beFreeOfCycles()
        .because(
            "a capability that depends on one depending back on it cannot be understood, tested"
                + " or changed alone; the downstream one follows the upstream one's events")
        .check(PRODUCTION);
  }

  @Test
  @DisplayName("entities depend only on entities and the platform")
  void entitiesDependOnlyOnEntitiesAndThePlatform() {
    classes()
        .that()
        .resideInAPackage("io.ichido..entity..")
        .should()
        .onlyDependOnClassesThat(
            resideOutsideOfPackage("io.ichido..")
                .or(resideInAPackage("io.ichido..entity.."))
                .or(resideInAPackage("io.ichido.platform..")))
        .because("entities and events are data that any capability may hold without its logic")
        .check(PRODUCTION);
  }

  private static final ArchCondition<JavaClass> USE_NO_OTHER_CAPABILITYS_CONTROL =
      new ArchCondition<>("use no other capability's control") {
        @Override
        public void check(JavaClass origin, ConditionEvents events) {
          String own = capability(origin.getPackageName());
          for (Dependency dependency : origin.getDirectDependenciesFromSelf()) {
            String target = dependency.getTargetClass().getPackageName();
            String theirs = capability(target);
            if (theirs != null
                && !theirs.equals(own)
                && !theirs.equals("platform")
                && (target + ".").startsWith("io.ichido." + theirs + ".control.")) {
              events.add(SimpleConditionEvent.violated(dependency, dependency.getDescription()));
            }
          }
        }
      };

  /** {@code payments} for {@code io.ichido.payments.gateway.stripe}; null outside ours. */
  private static String capability(String packageName) {
    if (!packageName.startsWith("io.ichido.")) {
      return null;
    }
    String rest = packageName.substring("io.ichido.".length());
    int dot = rest.indexOf('.');
    return dot < 0 ? rest : rest.substring(0, dot);
  }

  @Test
  @DisplayName("entities depend on no control class")
  void entitiesImportNoControl() {
    noClasses()
        .that()
        .resideInAPackage("..entity..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("..control..")
        .because("entities are data; the logic that uses them lives in control")
        .check(PRODUCTION);
  }

  @Test
  @DisplayName("failures become problems only in the platform's mappers")
  void problemsComeFromOneMapperFamily() {
    noClasses()
        .that()
        .resideOutsideOfPackage("io.ichido.platform.boundary..")
        .should()
        .dependOnClassesThat()
        .haveFullyQualifiedName("io.ichido.platform.boundary.Problem")
        .because(
            "a component throws a ProblemException that names the failure; one mapper writes it")
        .check(PRODUCTION);
  }

  @Test
  @DisplayName(
      "rows are found through Rows.find, which never mistakes a failed database for no row")
  void entityManagerFindOnlyThroughRows() {
    noClasses()
        .that()
        .doNotHaveFullyQualifiedName("io.ichido.platform.control.Rows")
        .should()
        .callMethodWhere(
            JavaCall.Predicates.target(HasName.Predicates.name("find"))
                .and(
                    JavaCall.Predicates.target(
                        HasOwner.Predicates.With.owner(
                            JavaClass.Predicates.assignableTo(EntityManager.class)))))
        .because(
            "Hibernate's find answers null when a connection error hits a transaction marked for"
                + " rollback (HHH-12472): a final 404 or 400 for a request that should be retried")
        .check(PRODUCTION);
  }
}
