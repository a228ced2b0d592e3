package io.ichido.it.idempotency.standalone;

import io.ichido.idempotency.entity.IdempotencyKeyEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.Collectors;

/** A team's observer of the layer's key events: it keeps them, for the test to read. */
@ApplicationScoped
public class LedgerKeyEvents {

  private final Queue<IdempotencyKeyEvent> seen = new ConcurrentLinkedQueue<>();

  void on(@Observes IdempotencyKeyEvent event) {
    seen.add(event);
  }

  /** The events of {@code key}, in order: kind, status, and whether an expiry was told. */
  String of(String key) {
    List<IdempotencyKeyEvent> ofKey = seen.stream().filter(e -> e.key().equals(key)).toList();
    return ofKey.stream()
        .map(
            e ->
                e.kind()
                    + " "
                    + e.status()
                    + " "
                    + e.method()
                    + " "
                    + e.path()
                    + (e.expiresAt() == null ? "" : " expires"))
        .collect(Collectors.joining("\n"));
  }
}
