package io.ichido.idempotency.control;

import io.ichido.idempotency.boundary.TransientFailure;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Decides whether a failure is worth retrying under the same key: an exception (or any of its
 * causes) that is a {@link TransientFailure}, or of a class named in {@code
 * ichido.idempotency.transient-exceptions}, or a subclass.
 */
@ApplicationScoped
public class TransientFailures {

  @Inject IdempotencyConfig config;

  private Set<String> names;

  public boolean isTransient(Throwable failure) {
    Set<String> transientNames = names();
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof TransientFailure) {
        return true;
      }
      for (Class<?> c = t.getClass(); c != null; c = c.getSuperclass()) {
        if (transientNames.contains(c.getName())) {
          return true;
        }
      }
    }
    return false;
  }

  public boolean isTransient(int status) {
    return status >= 500 && config.releaseOnServerError();
  }

  private Set<String> names() {
    if (names == null) {
      names =
          config.transientExceptions().stream()
              .map(String::trim)
              .filter(s -> !s.isEmpty())
              .collect(Collectors.toUnmodifiableSet());
    }
    return names;
  }
}
