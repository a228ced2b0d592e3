package io.ichido.it.support;

import java.io.File;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Collectors;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/** The WAR the build produced, deployed as is or with configuration overrides. */
public final class Deployments {

  private Deployments() {}

  public static WebArchive app() {
    return ShrinkWrap.createFromZipFile(WebArchive.class, builtWar());
  }

  /**
   * The same WAR under another name, with MicroProfile Config overrides in a jar of their own
   * (ordinal 500 beats the WAR's defaults, as an environment variable would).
   */
  public static WebArchive appWith(String name, Map<String, String> config) {
    String properties =
        "config_ordinal=500\n"
            + config.entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining("\n"));
    JavaArchive overrides =
        ShrinkWrap.create(JavaArchive.class, "it-config.jar")
            .addAsManifestResource(new StringAsset(properties), "microprofile-config.properties");
    return ShrinkWrap.create(WebArchive.class, name + ".war").merge(app()).addAsLibrary(overrides);
  }

  /**
   * The WAR against the gateway sandbox, mailing the test's {@link Mailbox} and polling its outbox
   * every second, so that a test can wait for a mail and then count that no second one comes.
   */
  public static WebArchive appMailingTheMailbox(String name) {
    return appWith(name, mailingTheMailbox());
  }

  /** The configuration of {@link #appMailingTheMailbox}, for a test that adds its own. */
  public static Map<String, String> mailingTheMailbox() {
    Map<String, String> config = new HashMap<>(Sandbox.gatewayConfig());
    config.put("ichido.mail.port", Integer.toString(Mailbox.PORT));
    config.put("ichido.mail.poll-interval", "PT1S");
    // Short SMTP timeouts, so a short lease: mail a killed server or a lost database had leased
    // goes out seconds later, as production's two minutes would after a crash.
    config.put("ichido.mail.connect-timeout", "PT1S");
    config.put("ichido.mail.read-timeout", "PT2S");
    config.put("ichido.mail.write-timeout", "PT2S");
    config.put("ichido.mail.lease", "PT6S");
    config.put("ichido.mail.retry-initial", "PT1S");
    config.put("ichido.mail.retry-max", "PT2S");
    return config;
  }

  private static File builtWar() {
    File war = new File(System.getProperty("ichido.war", "target/ichido.war"));
    if (!war.isFile()) {
      throw new IllegalStateException("Build the WAR first (./mvnw verify): " + war);
    }
    return war;
  }
}
