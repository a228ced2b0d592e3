package io.ichido.idempotency.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.InstanceOfAssertFactories.THROWABLE;

import io.ichido.idempotency.boundary.Idempotent;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.spi.AfterBeanDiscovery;
import jakarta.enterprise.inject.spi.AfterDeploymentValidation;
import jakarta.enterprise.inject.spi.AnnotatedType;
import jakarta.enterprise.inject.spi.Bean;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.enterprise.inject.spi.InterceptionType;
import jakarta.enterprise.inject.spi.Interceptor;
import jakarta.enterprise.inject.spi.ProcessAnnotatedType;
import jakarta.enterprise.inject.spi.ProcessBean;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The deployment check, with CDI's side played by proxies: a deployment whose {@code @Idempotent}
 * endpoints no interceptor would guard is refused with a message naming the endpoint class.
 */
class IdempotencyExtensionTest {

  @Path("transfers")
  public static class Transfers {
    @POST
    @Idempotent
    public String transfer() {
      return "done";
    }
  }

  @Path("vouchers")
  public static class Vouchers {
    @POST
    @Idempotent(retention = "PT48H")
    public String issue() {
      return "done";
    }

    @POST
    @Path("short")
    @Idempotent(retention = "PT2M")
    public String shortLived() {
      return "done";
    }

    @POST
    @Path("typo")
    @Idempotent(retention = "two days")
    public String typo() {
      return "done";
    }
  }

  @Path("quotes")
  @Idempotent(retention = "PT1M")
  public static class Quotes {
    @GET
    public String quote() {
      return "done";
    }

    /** Not a resource method: the filter never sees it, so neither does the check. */
    public String helper() {
      return "done";
    }
  }

  @Path("plain")
  public static class Plain {
    @POST
    public String post() {
      return "done";
    }
  }

  @Test
  @DisplayName("@Idempotent endpoints and no interceptor for them: the deployment is refused")
  void refusedWithoutInterceptor() {
    IdempotencyExtension extension = new IdempotencyExtension();
    extension.noteIdempotentResources(processed(Transfers.class));

    List<Throwable> problems = validate(extension, List.of());

    assertThat(problems).hasSize(1);
    assertThat(problems.get(0))
        .isInstanceOf(LayerInactive.class)
        .hasMessageContaining("would run unguarded")
        .hasMessageContaining(Transfers.class.getName())
        .hasMessageContaining("CDI enables no interceptor for @Idempotent");
  }

  @Test
  @DisplayName("with the interceptor enabled, or without @Idempotent endpoints, it deploys")
  void acceptedOtherwise() {
    IdempotencyExtension guarded = new IdempotencyExtension();
    guarded.noteIdempotentResources(processed(Transfers.class));
    assertThat(validate(guarded, List.of(interceptor()))).isEmpty();

    IdempotencyExtension none = new IdempotencyExtension();
    none.noteIdempotentResources(processed(Plain.class));
    assertThat(validate(none, List.of())).isEmpty();
  }

  @Test
  @DisplayName("@Idempotent endpoints on a server without EJB: refused, naming the features")
  void refusedWithoutEnterpriseBeans() {
    IdempotencyExtension extension = new IdempotencyExtension();
    extension.noteIdempotentResources(processed(Transfers.class));

    List<Throwable> problems = discover(extension);

    assertThat(problems).singleElement().isInstanceOf(LayerInactive.class);
    assertThat(problems.get(0))
        .hasMessageContaining(Transfers.class.getName())
        .hasMessageContaining("the server lacks features the layer needs")
        .hasMessageContaining(
            "Enable enterpriseBeansLite-4.0 and enterpriseBeansPersistentTimer-4.0.");
  }

  @Test
  @DisplayName("with an EJB container, or without @Idempotent endpoints, bean discovery passes")
  void discoveredWithEnterpriseBeans() {
    IdempotencyExtension withEjb = new IdempotencyExtension();
    withEjb.noteIdempotentResources(processed(Transfers.class));
    Bean<?> releases =
        proxy(
            Bean.class, (method, args) -> method.equals("getBeanClass") ? KeyReleases.class : null);
    Bean<?> other =
        proxy(Bean.class, (method, args) -> method.equals("getBeanClass") ? Plain.class : null);
    withEjb.noteEnterpriseBeans(proxy(ProcessBean.class, (method, args) -> other));
    assertThat(discover(withEjb)).hasSize(1);
    withEjb.noteEnterpriseBeans(proxy(ProcessBean.class, (method, args) -> releases));
    assertThat(discover(withEjb)).isEmpty();

    IdempotencyExtension none = new IdempotencyExtension();
    none.noteIdempotentResources(processed(Plain.class));
    assertThat(discover(none)).isEmpty();
  }

  @Test
  @DisplayName("an API the server does not offer: its feature named, with every other one missing")
  void missingFeaturesNamed() {
    ClassLoader withoutMetrics =
        new ClassLoader(getClass().getClassLoader()) {
          @Override
          protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (name.startsWith("org.eclipse.microprofile.metrics.")
                || name.startsWith("org.eclipse.microprofile.config.")) {
              throw new ClassNotFoundException(name);
            }
            return super.loadClass(name, resolve);
          }
        };

    assertThat(LayerCheck.featuresProblem(withoutMetrics, false, Transfers.class))
        .get()
        .asString()
        .contains(Transfers.class.getName())
        .contains(
            "Enable mpConfig-3.1, mpMetrics-5.1, enterpriseBeansLite-4.0 and"
                + " enterpriseBeansPersistentTimer-4.0.");
    assertThat(LayerCheck.featuresProblem(getClass().getClassLoader(), true, Transfers.class))
        .isEmpty();
  }

  @Test
  @DisplayName(
      "ichido.idempotency.retention not longer than the lease: refused, naming both settings and"
          + " values")
  void refusedWithAConfiguredRetentionNotLongerThanTheLease() {
    IdempotencyExtension extension = new IdempotencyExtension();
    extension.noteIdempotentResources(processed(Transfers.class));

    assertThat(retentionProblems(extension, "PT1M", "PT2M"))
        .singleElement(THROWABLE)
        .isInstanceOf(LayerInactive.class)
        .hasMessage(
            "A request could run twice under one key: ichido.idempotency.retention (PT1M) is not"
                + " longer than ichido.idempotency.lease (PT2M), and a key whose retention has"
                + " ended is taken over by the next request with it, even while its first"
                + " request still runs. Make the retention longer than the lease.");
    assertThat(retentionProblems(extension, "PT2M", "PT2M"))
        .as("equal is not longer")
        .singleElement(THROWABLE)
        .hasMessageContaining("ichido.idempotency.retention (PT2M) is not longer than")
        .hasMessageContaining("ichido.idempotency.lease (PT2M)");
    assertThat(retentionProblems(extension, "PT24H", "PT2M")).isEmpty();
  }

  @Test
  @DisplayName(
      "@Idempotent(retention = ...) not longer than the lease, or no duration: refused, naming the"
          + " method")
  void refusedWithAnAnnotatedRetentionNotLongerThanTheLease() {
    IdempotencyExtension extension = new IdempotencyExtension();
    extension.noteIdempotentResources(processed(Vouchers.class));
    extension.noteIdempotentResources(processed(Quotes.class));

    assertThat(retentionProblems(extension, "PT24H", "PT2M"))
        .extracting(Throwable::getMessage)
        .containsExactlyInAnyOrder(
            "A request could run twice under one key: @Idempotent(retention = \"PT2M\") of "
                + Vouchers.class.getName()
                + ".shortLived (PT2M) is not longer than ichido.idempotency.lease (PT2M), and a key"
                + " whose retention has ended is taken over by the next request with it, even"
                + " while its first request still runs. Make the retention longer than the lease.",
            "@Idempotent(retention = \"two days\") of "
                + Vouchers.class.getName()
                + ".typo is not an ISO-8601 duration (such as PT48H).",
            "A request could run twice under one key: @Idempotent(retention = \"PT1M\") of "
                + Quotes.class.getName()
                + ".quote (PT1M) is not longer than ichido.idempotency.lease (PT2M), and a key"
                + " whose retention has ended is taken over by the next request with it, even"
                + " while its first request still runs. Make the retention longer than the lease.");
    assertThat(retentionProblems(extension, "PT24H", "PT30S"))
        .as("the same methods under a shorter lease: only the typo")
        .singleElement(THROWABLE)
        .hasMessageContaining(".typo is not an ISO-8601 duration");
  }

  @Test
  @DisplayName("a lease of zero: refused; without @Idempotent endpoints nothing is read")
  void refusedWithALeaseOfZero() {
    IdempotencyExtension extension = new IdempotencyExtension();
    extension.noteIdempotentResources(processed(Transfers.class));
    assertThat(retentionProblems(extension, "PT24H", "PT0S"))
        .singleElement(THROWABLE)
        .hasMessage("ichido.idempotency.lease must be positive: PT0S");

    IdempotencyExtension none = new IdempotencyExtension();
    none.noteIdempotentResources(processed(Plain.class));
    assertThat(retentionProblems(none, "PT1M", "PT2M")).isEmpty();
  }

  @Path("invoices")
  public static class Invoices {
    public record Invoice(String invoiceNo, long amount, String sentAt) {}

    @POST
    @Idempotent(keyPointer = "/invoiceNo", fingerprintExclude = "/sentAt")
    public String pay(Invoice invoice) {
      return "done";
    }

    @POST
    @Path("typo")
    @Idempotent(fingerprintExclude = "/sent_at")
    public String typo(Invoice invoice) {
      return "done";
    }
  }

  @Test
  @DisplayName("a JSON Pointer that names nothing of the request type: refused, naming the method")
  void refusedWithAPointerThatNamesNothing() {
    IdempotencyExtension extension = new IdempotencyExtension();
    extension.noteIdempotentResources(processed(Invoices.class));

    List<Throwable> problems = new ArrayList<>();
    extension.refusePointersThatNameNothing(
        proxy(
            AfterDeploymentValidation.class,
            (method, args) -> {
              problems.add((Throwable) args[0]);
              return null;
            }));

    assertThat(problems)
        .singleElement(THROWABLE)
        .isInstanceOf(LayerInactive.class)
        .hasMessage(
            Invoices.class.getName()
                + ".typo: @Idempotent fingerprintExclude \"/sent_at\" names nothing: the request"
                + " type Invoice has no member \"sent_at\"");
  }

  /** The deployment problems the retention check adds under this configuration. */
  private static List<Throwable> retentionProblems(
      IdempotencyExtension extension, String retention, String lease) {
    IdempotencyConfig config = new IdempotencyConfig();
    config.retention = Duration.parse(retention);
    config.lease = Duration.parse(lease);
    Instance<Object> instance =
        proxy(
            Instance.class,
            (method, args) -> {
              if (method.equals("select")) {
                assertThat(args[0]).isEqualTo(IdempotencyConfig.class);
                return proxy(Instance.class, (m, a) -> m.equals("get") ? config : null);
              }
              throw new UnsupportedOperationException(method);
            });
    BeanManager beans =
        proxy(
            BeanManager.class,
            (method, args) -> {
              if (method.equals("createInstance")) {
                return instance;
              }
              throw new UnsupportedOperationException(method);
            });
    List<Throwable> problems = new ArrayList<>();
    extension.refuseRetentionsThatAllowTwice(
        proxy(
            AfterDeploymentValidation.class,
            (method, args) -> {
              problems.add((Throwable) args[0]);
              return null;
            }),
        beans);
    return problems;
  }

  /** The definition errors the extension adds after bean discovery. */
  private static List<Throwable> discover(IdempotencyExtension extension) {
    List<Throwable> errors = new ArrayList<>();
    extension.refuseWithoutFeatures(
        proxy(
            AfterBeanDiscovery.class,
            (method, args) -> {
              assertThat(method).isEqualTo("addDefinitionError");
              errors.add((Throwable) args[0]);
              return null;
            }));
    return errors;
  }

  /** Runs the check against a bean manager that resolves {@code interceptors}; the problems. */
  private static List<Throwable> validate(
      IdempotencyExtension extension, List<Interceptor<?>> interceptors) {
    List<Throwable> problems = new ArrayList<>();
    BeanManager beans =
        proxy(
            BeanManager.class,
            (method, args) -> {
              if (method.equals("resolveInterceptors")) {
                assertThat(args[0]).isEqualTo(InterceptionType.AROUND_INVOKE);
                assertThat((Object[]) args[1]).singleElement().isInstanceOf(Idempotent.class);
                return interceptors;
              }
              throw new UnsupportedOperationException(method);
            });
    AfterDeploymentValidation validation =
        proxy(
            AfterDeploymentValidation.class,
            (method, args) -> {
              problems.add((Throwable) args[0]);
              return null;
            });
    extension.refuseAnUnguardedDeployment(validation, beans);
    return problems;
  }

  @SuppressWarnings("unchecked")
  private static <T> ProcessAnnotatedType<T> processed(Class<T> type) {
    AnnotatedType<T> annotated =
        proxy(AnnotatedType.class, (method, args) -> method.equals("getJavaClass") ? type : null);
    return proxy(
        ProcessAnnotatedType.class,
        (method, args) -> method.equals("getAnnotatedType") ? annotated : null);
  }

  private static Interceptor<?> interceptor() {
    return proxy(Interceptor.class, (method, args) -> null);
  }

  @FunctionalInterface
  private interface Answer {
    Object answer(String method, Object[] args);
  }

  @SuppressWarnings("unchecked")
  private static <T> T proxy(Class<?> type, Answer answer) {
    return (T)
        Proxy.newProxyInstance(
            IdempotencyExtensionTest.class.getClassLoader(),
            new Class<?>[] {type},
            (self, method, args) -> answer.answer(method.getName(), args));
  }
}
