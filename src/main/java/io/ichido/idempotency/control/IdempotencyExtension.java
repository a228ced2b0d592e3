package io.ichido.idempotency.control;

import io.ichido.idempotency.boundary.Idempotent;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.spi.AfterBeanDiscovery;
import jakarta.enterprise.inject.spi.AfterDeploymentValidation;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.enterprise.inject.spi.Extension;
import jakarta.enterprise.inject.spi.ProcessAnnotatedType;
import jakarta.enterprise.inject.spi.ProcessBean;
import jakarta.enterprise.inject.spi.WithAnnotations;
import jakarta.ws.rs.Path;
import java.lang.reflect.Method;

/**
 * Notes every resource class that uses {@link Idempotent} while the application is scanned, and
 * refuses the deployment when the layer would not guard them: an endpoint the interceptor does not
 * wrap runs again for every retry of its key, which is worse than not starting.
 */
public class IdempotencyExtension implements Extension {

  private Idempotent binding;
  private Class<?> example;

  /** Whether the server made the layer's enterprise beans (its purge and releases) beans. */
  private boolean enterpriseBeans;

  <T> void noteIdempotentResources(
      @Observes @WithAnnotations({Idempotent.class, Path.class}) ProcessAnnotatedType<T> type) {
    Class<T> resource = type.getAnnotatedType().getJavaClass();
    if (resource.isAnnotationPresent(Path.class)) {
      IdempotentOperations.register(resource.getClassLoader(), resource);
      Idempotent found = bindingOf(resource);
      if (found != null && binding == null) {
        binding = found;
        example = resource;
      }
    }
  }

  /** {@link KeyReleases} is a bean only when the server has an EJB container. */
  void noteEnterpriseBeans(@Observes ProcessBean<?> bean) {
    if (bean.getBean().getBeanClass() == KeyReleases.class) {
      enterpriseBeans = true;
    }
  }

  /**
   * Without a feature the layer needs, its beans lack what they inject (or, without EJB, are no
   * beans at all), and CDI would refuse the deployment anyway, naming only an unsatisfied injection
   * point: say which features are missing first.
   */
  void refuseWithoutFeatures(@Observes AfterBeanDiscovery discovery) {
    if (binding == null) {
      return;
    }
    LayerCheck.featuresProblem(example.getClassLoader(), enterpriseBeans, example)
        .ifPresent(problem -> discovery.addDefinitionError(new LayerInactive(problem)));
  }

  void refuseAnUnguardedDeployment(
      @Observes AfterDeploymentValidation validation, BeanManager beans) {
    if (binding == null) {
      return;
    }
    LayerCheck.problem(beans, binding, example)
        .ifPresent(problem -> validation.addDeploymentProblem(new LayerInactive(problem)));
  }

  private static Idempotent bindingOf(Class<?> resource) {
    Idempotent onClass = resource.getAnnotation(Idempotent.class);
    if (onClass != null) {
      return onClass;
    }
    for (Method method : resource.getMethods()) {
      Idempotent onMethod = method.getAnnotation(Idempotent.class);
      if (onMethod != null) {
        return onMethod;
      }
    }
    return null;
  }
}
