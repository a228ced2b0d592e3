package io.ichido.it.support;

import java.util.Comparator;
import org.junit.jupiter.api.ClassDescriptor;
import org.junit.jupiter.api.ClassOrderer;
import org.junit.jupiter.api.ClassOrdererContext;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * The order of the test classes of a run (junit-platform.properties names it): first those that
 * need no Arquillian deployment (servers of their own, the WAR's contents; the test server is not
 * even started yet, so nothing else runs on the database meanwhile), then every class on the shared
 * deployment, deployed once, then the classes with a deployment of their own, by name. Each switch
 * of deployment costs an undeployment and a deployment; in this order there is one per
 * configuration.
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
    boolean arquillian =
        AnnotationSupport.findRepeatableAnnotations(test, ExtendWith.class).stream()
            .flatMap(e -> java.util.Arrays.stream(e.value()))
            .anyMatch(e -> e.getName().startsWith("org.jboss.arquillian"));
    return arquillian ? 2 : 0;
  }
}
