package io.ichido.it.resilience;

import io.ichido.it.support.Api;
import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Asks servers' {@code /health/ready} ten times a second until stopped, and keeps the answers'
 * statuses as they change (200, 503, 200: down once and back), 0 for no answer at all.
 */
final class ReadinessWatch {

  private final Map<String, List<Integer>> seen = new LinkedHashMap<>();
  private final ExecutorService pollers;
  private volatile boolean stopped;

  private ReadinessWatch(Map<String, String> servers) {
    pollers = Executors.newFixedThreadPool(servers.size());
    servers.forEach(
        (name, base) -> {
          List<Integer> changes = new ArrayList<>();
          synchronized (seen) {
            seen.put(name, changes);
          }
          pollers.submit(() -> poll(base, changes));
        });
  }

  /** Starts watching {@code servers}: name to base URL. */
  static ReadinessWatch of(Map<String, String> servers) {
    return new ReadinessWatch(servers);
  }

  /** Whether server {@code name} has answered {@code status} since the watch began. */
  boolean saw(String name, int status) {
    synchronized (seen) {
      return seen.get(name).contains(status);
    }
  }

  /** Stops watching; the statuses each server answered, as they changed. */
  Map<String, List<Integer>> stop() throws InterruptedException {
    stopped = true; // a poll cut off by the stop is no answer of the server's
    pollers.shutdownNow();
    pollers.awaitTermination(10, TimeUnit.SECONDS);
    synchronized (seen) {
      Map<String, List<Integer>> copy = new LinkedHashMap<>();
      seen.forEach((name, changes) -> copy.put(name, List.copyOf(changes)));
      return copy;
    }
  }

  private void poll(String base, List<Integer> changes) {
    HttpRequest ready =
        HttpRequest.newBuilder(URI.create(base + "/health/ready"))
            .timeout(Duration.ofSeconds(5))
            .build();
    while (!Thread.currentThread().isInterrupted()) {
      int status;
      try {
        status = Api.send(ready).statusCode();
      } catch (RuntimeException noAnswer) {
        status = 0;
      }
      if (stopped) {
        return;
      }
      synchronized (seen) {
        if (changes.isEmpty() || changes.get(changes.size() - 1) != status) {
          changes.add(status);
        }
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException stopped) {
        return;
      }
    }
  }
}
