package io.ichido.it.resilience;

import io.ichido.it.support.Api;
import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Asks servers' {@code /health/ready} ten times a second until stopped, and keeps the answers'
 * statuses as they change (200, 503, 200: down once and back), 0 for no answer at all, each with
 * the time it was first seen.
 */
final class ReadinessWatch {

  /** A status a server answered, from {@code at} on. */
  record Change(Instant at, int status) {}

  private final Map<String, List<Change>> seen = new LinkedHashMap<>();
  private final ExecutorService pollers;
  private volatile boolean stopped;

  private ReadinessWatch(Map<String, String> servers) {
    pollers = Executors.newFixedThreadPool(servers.size());
    servers.forEach(
        (name, base) -> {
          List<Change> changes = new ArrayList<>();
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
      return seen.get(name).stream().anyMatch(c -> c.status() == status);
    }
  }

  /** What server {@code name} answered last, 0 before its first answer. */
  int last(String name) {
    synchronized (seen) {
      List<Change> changes = seen.get(name);
      return changes.isEmpty() ? 0 : changes.get(changes.size() - 1).status();
    }
  }

  /** Stops watching; the statuses each server answered, as they changed. */
  Map<String, List<Integer>> stop() throws InterruptedException {
    Map<String, List<Integer>> statuses = new LinkedHashMap<>();
    stopTimed()
        .forEach(
            (name, changes) -> statuses.put(name, changes.stream().map(Change::status).toList()));
    return statuses;
  }

  /** Stops watching; each server's changes with their times. */
  Map<String, List<Change>> stopTimed() throws InterruptedException {
    stopped = true; // a poll cut off by the stop is no answer of the server's
    pollers.shutdownNow();
    pollers.awaitTermination(10, TimeUnit.SECONDS);
    synchronized (seen) {
      Map<String, List<Change>> copy = new LinkedHashMap<>();
      seen.forEach((name, changes) -> copy.put(name, List.copyOf(changes)));
      return copy;
    }
  }

  /** The changes as "200 at -3.2 s, 503 at +0.4 s, 200 at +6.1 s" from {@code origin}. */
  static String describe(List<Change> changes, Instant origin) {
    List<String> parts = new ArrayList<>();
    for (Change c : changes) {
      parts.add(
          "%d at %+.1f s"
              .formatted(c.status(), Duration.between(origin, c.at()).toMillis() / 1000.0));
    }
    return String.join(", ", parts);
  }

  private void poll(String base, List<Change> changes) {
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
        if (changes.isEmpty() || changes.get(changes.size() - 1).status() != status) {
          changes.add(new Change(Instant.now(), status));
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
