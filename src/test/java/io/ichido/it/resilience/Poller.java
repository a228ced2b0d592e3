package io.ichido.it.resilience;

import java.time.Duration;

/** A daemon thread that takes one look every period until stopped: a watcher beside a test. */
final class Poller {

  private final Thread thread;
  private volatile boolean stopped;

  private Poller(Duration period, String name, Runnable look) {
    thread =
        new Thread(
            () -> {
              while (!stopped) {
                look.run();
                try {
                  Thread.sleep(period.toMillis());
                } catch (InterruptedException e) {
                  return;
                }
              }
            },
            name);
    thread.setDaemon(true);
    thread.start();
  }

  static Poller every(Duration period, String name, Runnable look) {
    return new Poller(period, name, look);
  }

  /** Stops it and waits for its last look to end. */
  void stop() throws InterruptedException {
    stopped = true;
    thread.interrupt();
    thread.join(10_000);
  }
}
