package io.ichido.it.support;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * When each test class of the run began: the classes on the build's database run one after the
 * other ({@link DeploymentOrder}), so an order placed there between one class's start and the
 * next's was placed by the first. {@code BooksAfterTheRunIT} names the test class behind each order
 * whose books disagree. The classes on servers of their own ({@link ServersOfItsOwn}) run beside
 * them on databases of their own, and are left out. Registered for every class by JUnit's extension
 * autodetection (META-INF/services); it records an instant and does nothing else.
 */
public final class RunDiary implements BeforeAllCallback {

  private static final List<Map.Entry<Instant, String>> STARTS = new ArrayList<>();

  @Override
  public void beforeAll(ExtensionContext context) {
    Class<?> test = context.getRequiredTestClass();
    if (test.isAnnotationPresent(ServersOfItsOwn.class)) {
      return;
    }
    synchronized (STARTS) {
      STARTS.add(Map.entry(Instant.now(), test.getSimpleName()));
    }
  }

  /** The test class that ran at {@code when}, or "before the first test class". */
  public static String classAt(Instant when) {
    String at = "before the first test class";
    synchronized (STARTS) {
      for (Map.Entry<Instant, String> start : STARTS) {
        if (start.getKey().isAfter(when)) {
          break;
        }
        at = start.getValue();
      }
    }
    return at;
  }
}
