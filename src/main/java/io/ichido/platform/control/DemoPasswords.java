package io.ichido.platform.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.Locale;
import java.util.TreeSet;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.Config;

/**
 * Says at startup, once per variable, when a password still has the value the repository ships
 * with: {@code DB_PASSWORD=ichido} or a demo caller's. Liberty shows server variables, and the
 * environment, as configuration, so every {@code ..._PASSWORD} is looked at; the values are known
 * by their digest only ({@link PublicSecrets}) and never logged.
 */
@ApplicationScoped
public class DemoPasswords {

  private static final Logger LOG = Logger.getLogger(DemoPasswords.class.getName());

  @Inject Config config;

  void warn(@Observes @Initialized(ApplicationScoped.class) Object started) {
    TreeSet<String> names = new TreeSet<>();
    config.getPropertyNames().forEach(names::add);
    for (String name : names) {
      if (name.toUpperCase(Locale.ROOT).endsWith("PASSWORD")
          && config
              .getOptionalValue(name, String.class)
              .filter(PublicSecrets::isDemoPassword)
              .isPresent()) {
        LOG.log(
            Level.WARNING,
            "{0} has the value this repository ships with, which anyone can read: fine for"
                + " ./mvnw -Prun and the tests, never for real traffic"
                + " (docs/operations.md, Production).",
            name);
      }
    }
  }
}
