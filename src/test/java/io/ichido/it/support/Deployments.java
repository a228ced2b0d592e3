package io.ichido.it.support;

import java.io.File;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Collectors;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/**
 * The WAR the build produced, deployed as is or with configuration overrides. A deployment's name
 * stands for its configuration: {@link KeptDeployments} keeps it deployed for the next class that
 * asks for the same name, so two configurations must never share one.
 */
public final class Deployments {

  /** The name of {@link #shared()}'s deployment. */
  static final String SHARED = "ichido-shared";

  private static final String PREFIX = "ichido-";

  private Deployments() {}

  /**
   * The test server's common deployment, which most test classes share (see {@link
   * OnSharedDeployment}): the gateways on the sandbox with short timeouts, mail to the run's {@link
   * Mailbox} polled every second, a checkpoint of the payment log every second, retry traffic's
   * partitions kept every second, attempts in doubt reconciled every 2 s (at most 4 s apart) and
   * expired keys purged every 2 s, in batches of 3. Tests isolate by their own data: their own
   * orders, SKUs, keys and customers.
   */
  public static WebArchive shared() {
    return appWith(SHARED, sharedConfiguration());
  }

  /** The configuration of {@link #shared()}, for a test that needs a variant of its own. */
  public static Map<String, String> sharedConfiguration() {
    Map<String, String> config = mailingTheMailbox();
    config.put("ichido.audit.checkpoint-interval", "PT1S");
    config.put("ichido.audit.retry-traffic-maintenance-interval", "PT1S");
    config.put("ichido.payments.reconcile.interval", "PT2S");
    config.put("ichido.payments.reconcile.max-backoff", "PT4S");
    config.put("ichido.idempotency.purge.interval", "PT2S");
    config.put("ichido.idempotency.purge.batch-size", "3");
    // Tests run reconciliations on demand, over windows of their own.
    config.put("ichido.reconciliation.enabled", "false");
    return config;
  }

  /** Whether {@code archiveName} is one of these deployments, which may stay deployed. */
  static boolean isShared(String archiveName) {
    return archiveName.startsWith(PREFIX);
  }

  public static WebArchive app() {
    return ShrinkWrap.createFromZipFile(WebArchive.class, builtWar());
  }

  /**
   * The same WAR under another name, with MicroProfile Config overrides in a jar of their own
   * (ordinal 500 beats the WAR's defaults, as an environment variable would).
   */
  public static WebArchive appWith(String name, Map<String, String> config) {
    if (!isShared(name + ".war")) {
      throw new IllegalArgumentException("A deployment's name starts with " + PREFIX + ": " + name);
    }
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
