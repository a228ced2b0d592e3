package io.ichido.idempotency.control;

import io.ichido.idempotency.boundary.Idempotent;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.Path;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The {@code @Idempotent} operations of each deployed application (by its class loader), found
 * while CDI scans it, so the OpenAPI filter can document them.
 */
public final class IdempotentOperations {

  /**
   * An HTTP method and a path template relative to the JAX-RS application; {@code scopeHeader}
   * empty when the authenticated principal scopes its keys; {@code retention} as its
   * {@code @Idempotent} names it, empty for the configured one; {@code keyPointer} where in the
   * body the key is, empty when only the header carries it.
   */
  public record Operation(
      String method,
      String path,
      boolean keyRequired,
      String scopeHeader,
      String retention,
      String keyPointer) {

    /** An operation whose key is in the header. */
    public Operation(
        String method, String path, boolean keyRequired, String scopeHeader, String retention) {
      this(method, path, keyRequired, scopeHeader, retention, "");
    }

    /** How long a completed key of this operation is kept, given the configured retention. */
    public Duration keptFor(Duration configured) {
      return retention.isEmpty() ? configured : Duration.parse(retention);
    }
  }

  private static final Map<ClassLoader, Set<Operation>> BY_APPLICATION = new WeakHashMap<>();

  private IdempotentOperations() {}

  public static synchronized Set<Operation> of(ClassLoader application) {
    return Set.copyOf(BY_APPLICATION.getOrDefault(application, Set.of()));
  }

  static synchronized void register(ClassLoader application, Class<?> resource) {
    Set<Operation> operations =
        BY_APPLICATION.computeIfAbsent(application, cl -> ConcurrentHashMap.newKeySet());
    Idempotent onClass = resource.getAnnotation(Idempotent.class);
    for (Method method : resource.getMethods()) {
      String httpMethod = httpMethod(method);
      Idempotent onMethod = method.getAnnotation(Idempotent.class);
      Idempotent settings = onMethod != null ? onMethod : onClass;
      if (httpMethod != null && settings != null) {
        operations.add(
            new Operation(
                httpMethod,
                path(resource, method),
                settings.required(),
                settings.scopeHeader().strip(),
                settings.retention().strip(),
                settings.keyPointer()));
      }
    }
  }

  /**
   * The template with each parameter's regular expression left out ({@code {id: \\d{1,18}}} is
   * {@code {id}}), as OpenAPI documents the path; braces inside an expression nest.
   */
  static String withoutRegexes(String template) {
    StringBuilder out = new StringBuilder(template.length());
    int i = 0;
    while (i < template.length()) {
      char c = template.charAt(i);
      if (c != '{') {
        out.append(c);
        i++;
        continue;
      }
      int depth = 0;
      int end = i;
      for (; end < template.length(); end++) {
        char e = template.charAt(end);
        if (e == '{') {
          depth++;
        } else if (e == '}' && --depth == 0) {
          break;
        }
      }
      String parameter = template.substring(i + 1, Math.min(end, template.length()));
      int colon = parameter.indexOf(':');
      out.append('{').append((colon < 0 ? parameter : parameter.substring(0, colon)).strip());
      out.append('}');
      i = end + 1;
    }
    return out.toString();
  }

  static String httpMethod(Method method) {
    for (Annotation annotation : method.getAnnotations()) {
      HttpMethod http = annotation.annotationType().getAnnotation(HttpMethod.class);
      if (http != null) {
        return http.value();
      }
    }
    return null;
  }

  private static String path(Class<?> resource, Method method) {
    Path onClass = resource.getAnnotation(Path.class);
    Path onMethod = method.getAnnotation(Path.class);
    String joined =
        "/"
            + (onClass == null ? "" : onClass.value())
            + "/"
            + (onMethod == null ? "" : onMethod.value());
    String normalized = withoutRegexes(joined).replaceAll("/+", "/");
    return normalized.length() > 1 && normalized.endsWith("/")
        ? normalized.substring(0, normalized.length() - 1)
        : normalized;
  }
}
