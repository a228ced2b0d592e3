package io.ichido;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/**
 * The production classes as ArchUnit sees them, imported once per test JVM for every class of rules
 * on them (the import is most of such a class's time and CPU). Those classes hold {@link #LOCK}, so
 * that they take turns with the one import rather than making two at the same time.
 */
public final class ProductionClasses {

  /** The {@code @ResourceLock} of the classes that check rules on {@link #IMPORTED}. */
  public static final String LOCK = "io.ichido.ProductionClasses";

  public static final JavaClasses IMPORTED =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("io.ichido");

  private ProductionClasses() {}
}
