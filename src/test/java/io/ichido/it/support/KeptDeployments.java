package io.ichido.it.support;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.jboss.arquillian.container.spi.client.container.DeployableContainer;
import org.jboss.arquillian.container.spi.client.deployment.Deployment;
import org.jboss.arquillian.container.spi.client.deployment.DeploymentDescription;
import org.jboss.arquillian.container.spi.client.protocol.metadata.ProtocolMetaData;
import org.jboss.arquillian.container.spi.context.annotation.DeploymentScoped;
import org.jboss.arquillian.container.spi.event.DeployDeployment;
import org.jboss.arquillian.container.spi.event.UnDeployDeployment;
import org.jboss.arquillian.container.spi.event.container.BeforeStart;
import org.jboss.arquillian.container.spi.event.container.BeforeStop;
import org.jboss.arquillian.core.api.InstanceProducer;
import org.jboss.arquillian.core.api.annotation.Inject;
import org.jboss.arquillian.core.api.annotation.Observes;
import org.jboss.arquillian.core.spi.EventContext;
import org.jboss.arquillian.core.spi.LoadableExtension;
import org.jboss.shrinkwrap.api.Archive;

/**
 * One deployment per configuration, shared by every test class that asks for it: Arquillian deploys
 * a class's archive before its first test and undeploys it after its last, which made 31
 * deployments of the 21 MB WAR for 17 configurations. This extension keeps a deployment of the test
 * server deployed after its class, and the next class that asks for an archive of the same name
 * (the name stands for the configuration, see {@link Deployments}) gets it as it is. Any other
 * archive first undeploys the kept one, so the server holds one application at a time, as before
 * (they all answer at the context root); the last one goes when the server stops.
 *
 * <p>Registered in {@code META-INF/services/org.jboss.arquillian.core.spi.LoadableExtension}. Only
 * archives named by {@link Deployments#isShared} are kept: a test whose deployment is its own, or
 * that deploys by hand ({@code managed = false}), still has it to itself.
 */
public final class KeptDeployments implements LoadableExtension {

  @Override
  public void register(ExtensionBuilder builder) {
    builder.observer(Keeper.class);
    builder.observer(ServerReady.class);
  }

  /**
   * The build starts the test server before the first test class ({@code src/test/server/
   * it-server.sh}), and Arquillian connects to it; it can connect only once the server has opened
   * its local connector, so it waits here, before its start, for the server's ready message.
   */
  public static final class ServerReady {

    private static final Duration START_LIMIT = Duration.ofMinutes(5);

    public void beforeStart(@Observes BeforeStart event) throws Exception {
      String dir = System.getProperty("ichido.itServerDir");
      if (dir == null) {
        return; // not started by the build: Arquillian starts it itself
      }
      Path server = Path.of(dir);
      Path pid = server.resolveSibling(".pid").resolve(server.getFileName() + ".pid");
      Path log = server.resolve("logs/messages.log");
      if (!Files.exists(pid)) {
        return;
      }
      long deadline = System.nanoTime() + START_LIMIT.toNanos();
      while (!(Files.exists(log) && Files.readString(log).contains("CWWKF0011I"))) {
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException(
              "The test server started by the build was not ready after "
                  + START_LIMIT
                  + ": see "
                  + log);
        }
        Thread.sleep(200);
      }
    }
  }

  /** What is deployed now and stays so after its class. */
  private record Kept(
      String name,
      Archive<?> archive,
      DeployableContainer<?> container,
      ProtocolMetaData metadata) {}

  /** Arquillian's observer: between its deployment context and its deployer. */
  public static final class Keeper {

    private static final Logger LOG = Logger.getLogger(KeptDeployments.class.getName());

    // One test run has one Arquillian manager, but the JUnit 5 adaptor may make observers anew.
    private static Kept kept;

    @Inject @DeploymentScoped private InstanceProducer<DeploymentDescription> description;

    @Inject @DeploymentScoped private InstanceProducer<Deployment> deployment;

    @Inject @DeploymentScoped private InstanceProducer<ProtocolMetaData> metadata;

    /**
     * Runs inside Arquillian's deployment context (whose handler has precedence 0), so what it
     * produces belongs to the class's deployment.
     */
    public void deploy(@Observes(precedence = -100) EventContext<DeployDeployment> context)
        throws Exception {
      DeployDeployment event = context.getEvent();
      Deployment wanted = event.getDeployment();
      DeploymentDescription described = wanted.getDescription();
      String name = described.isArchiveDeployment() ? described.getArchive().getName() : null;
      synchronized (Keeper.class) {
        if (kept != null && kept.name().equals(name)) {
          LOG.log(Level.INFO, "{0} is deployed already: kept for this class", name);
          description.set(described);
          deployment.set(wanted);
          metadata.set(kept.metadata());
          wanted.deployed();
          return;
        }
        undeployKept();
        context.proceed();
        if (name != null
            && described.managed()
            && Deployments.isShared(name)
            && wanted.isDeployed()) {
          kept =
              new Kept(name, archiveOf(described), event.getDeployableContainer(), metadata.get());
        }
      }
    }

    /** A kept deployment stays; Arquillian only learns that its class is done with it. */
    public void undeploy(@Observes(precedence = -100) EventContext<UnDeployDeployment> context) {
      Deployment done = context.getEvent().getDeployment();
      DeploymentDescription described = done.getDescription();
      synchronized (Keeper.class) {
        if (kept != null
            && described.isArchiveDeployment()
            && kept.name().equals(described.getArchive().getName())) {
          done.undeployed();
          return;
        }
      }
      context.proceed();
    }

    public void serverStops(@Observes BeforeStop event) throws Exception {
      synchronized (Keeper.class) {
        undeployKept();
      }
    }

    private static void undeployKept() throws Exception {
      if (kept != null) {
        Kept going = kept;
        kept = null;
        LOG.log(Level.INFO, "Undeploying {0}: another deployment needs the server", going.name());
        going.container().undeploy(going.archive());
      }
    }

    private static Archive<?> archiveOf(DeploymentDescription described) {
      return described.getTestableArchive() != null
          ? described.getTestableArchive()
          : described.getArchive();
    }
  }
}
