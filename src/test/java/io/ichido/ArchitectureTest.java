package io.ichido;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaCall;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.properties.HasName;
import com.tngtech.archunit.core.domain.properties.HasOwner;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import jakarta.persistence.EntityManager;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The package rules of STYLE.md, checked on the production classes. Plain Jupiter tests rather than
 * {@code @ArchTest} fields, so that a rule waiting for a fix can carry {@code @Disabled}.
 */
class ArchitectureTest {

  private static final JavaClasses PRODUCTION =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("io.ichido");

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
  @DisplayName("the client jar depends on no other package of ours")
  void clientStandsAlone() {
    noClasses()
        .that()
        .resideInAPackage("io.ichido.client..")
        .should()
        .dependOnClassesThat(
            resideInAPackage("io.ichido..").and(not(resideInAPackage("io.ichido.client.."))))
        .because("teams calling the API put the client jar on their own classpath, alone")
        .check(PRODUCTION);
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
