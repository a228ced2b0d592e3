package io.ichido.it.support;

import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.container.annotation.ArquillianTest;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/**
 * A test class that runs against the test server's common deployment ({@link
 * Deployments#shared()}), deployed once for every such class of the run ({@link KeptDeployments}).
 * Such a class isolates by its own data, never by configuration: a setting no other class may see
 * needs a deployment of its own, and {@code docs/testing.md} lists each.
 */
@ArquillianTest
public abstract class OnSharedDeployment {

  @Deployment(testable = false)
  public static WebArchive sharedDeployment() {
    return Deployments.shared();
  }
}
