package io.ichido.it.support;

import java.util.Comparator;
import org.junit.jupiter.api.ClassDescriptor;
import org.junit.jupiter.api.ClassOrderer;
import org.junit.jupiter.api.ClassOrdererContext;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * The order of the test classes of a run (junit-platform.properties names it): first those that
 * need no Arquillian deployment (the WAR's contents, servers of their own), then every class on the
 * shared deployment, deployed once, then the classes with a deployment of their own, by name. Each
 * switch of deployment costs an undeployment and a deployment; in this order there is one per
 * configuration. The classes on servers of their own ({@link ServersOfItsOwn}) run beside the
 * others from the start, and the classes after the shared deployment wait for them.
 *
 * <p>An Arquillian class must say which deployment it runs on: a class on a deployment of its own
 * that ran among the shared deployment's would undeploy it under them, and one that did not wait
 * for the classes on servers of their own could restart the database under them.
 */
public final class DeploymentOrder implements ClassOrderer {

  @Override
  public void orderClasses(ClassOrdererContext context) {
    context
        .getClassDescriptors()
        .sort(
            Comparator.comparingInt(DeploymentOrder::group)
                .thenComparing(d -> d.getTestClass().getName()));
  }

  private static int group(ClassDescriptor descriptor) {
    Class<?> test = descriptor.getTestClass();
    if (test.isAnnotationPresent(AfterTheRun.class)) {
      return 3;
    }
    if (OnSharedDeployment.class.isAssignableFrom(test)) {
      return 1;
    }
    if (test.isAnnotationPresent(OwnDeployment.class)) {
      return 2;
    }
    boolean arquillian =
        AnnotationSupport.findRepeatableAnnotations(test, ExtendWith.class).stream()
            .flatMap(e -> java.util.Arrays.stream(e.value()))
            .anyMatch(e -> e.getName().startsWith("org.jboss.arquillian"));
    if (arquillian) {
      throw new IllegalStateException(
          test.getName()
              + " runs on an Arquillian deployment: implement OnSharedDeployment, or annotate it"
              + " @OwnDeployment");
    }
    return 0;
  }
}
