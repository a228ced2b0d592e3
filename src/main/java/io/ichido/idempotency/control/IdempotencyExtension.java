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
import java.util.ArrayList;
import java.util.List;

/**
 * Notes every resource class that uses {@link Idempotent} while the application is scanned, and
 * refuses the deployment when the layer would not guard them: an endpoint the interceptor does not
 * wrap runs again for every retry of its key, which is worse than not starting. So is a retention
 * not longer than the lease, configured or on a method ({@link RetentionCheck}).
 */
public class IdempotencyExtension implements Extension {

  private Idempotent binding;
  private Class<?> example;

  /** What the JSON Pointers of the resource methods name that their request types do not have. */
  private final List<String> pointerProblems = new ArrayList<>();

  /** The resource methods that name a retention of their own. */
  private final List<RetentionCheck.AnnotatedRetention> retentions = new ArrayList<>();

  /** Whether the server made the layer's enterprise beans (its purge and releases) beans. */
  private boolean enterpriseBeans;

  <T> void noteIdempotentResources(
      @Observes @WithAnnotations({Idempotent.class, Path.class}) ProcessAnnotatedType<T> type) {
    Class<T> resource = type.getAnnotatedType().getJavaClass();
    if (resource.isAnnotationPresent(Path.class)) {
      IdempotentOperations.register(resource.getClassLoader(), resource);
      noteRetentions(resource);
      notePointers(resource);
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

  /**
   * After validation the layer's configuration can be read: a deployment whose keys could be taken
   * over while their request still runs is refused, with one problem per setting.
   */
  void refuseRetentionsThatAllowTwice(
      @Observes AfterDeploymentValidation validation, BeanManager beans) {
    if (binding == null) {
      return;
    }
    try {
      IdempotencyConfig config = beans.createInstance().select(IdempotencyConfig.class).get();
      RetentionCheck.problems(config.retention(), config.lease(), retentions)
          .forEach(problem -> validation.addDeploymentProblem(new LayerInactive(problem)));
    } catch (IllegalStateException notPositive) {
      validation.addDeploymentProblem(notPositive);
    }
  }

  /**
   * A JSON Pointer that names nothing of its method's request type would make every retry a 422,
   * protect nothing or refuse every request: the deployment is refused, one problem per pointer.
   */
  void refusePointersThatNameNothing(@Observes AfterDeploymentValidation validation) {
    pointerProblems.forEach(problem -> validation.addDeploymentProblem(new LayerInactive(problem)));
  }

  private void notePointers(Class<?> resource) {
    Idempotent onClass = resource.getAnnotation(Idempotent.class);
    for (Method method : resource.getMethods()) {
      Idempotent onMethod = method.getAnnotation(Idempotent.class);
      Idempotent settings = onMethod != null ? onMethod : onClass;
      if (settings != null && IdempotentOperations.httpMethod(method) != null) {
        pointerProblems.addAll(RequestTypePointers.problems(resource, method, settings));
      }
    }
  }

  private void noteRetentions(Class<?> resource) {
    Idempotent onClass = resource.getAnnotation(Idempotent.class);
    for (Method method : resource.getMethods()) {
      Idempotent onMethod = method.getAnnotation(Idempotent.class);
      Idempotent settings = onMethod != null ? onMethod : onClass;
      if (settings != null
          && !settings.retention().isBlank()
          && IdempotentOperations.httpMethod(method) != null) {
        retentions.add(
            new RetentionCheck.AnnotatedRetention(
                resource.getName() + "." + method.getName(), settings.retention()));
      }
    }
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
