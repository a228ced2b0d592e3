package io.ichido.sandbox;

import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * A gateway's idempotency promise: the first answer under a key is kept and every later request
 * with that key gets it again instead of doing the work twice. Requests with the same key wait for
 * each other, so concurrent duplicates are safe too.
 */
final class Replays {

  /** What one request under a key got. {@code sameRequest} is false for a reused key. */
  record Outcome(SandboxResponse response, boolean replayed, boolean sameRequest) {}

  private static final class Slot {
    private String fingerprint;
    private SandboxResponse answer;
  }

  private final ConcurrentHashMap<String, Slot> slots = new ConcurrentHashMap<>();

  /**
   * Runs {@code work} unless {@code key} already has an answer. Without a key the work always runs,
   * as at the real gateways. {@code fingerprint} identifies the request's parameters.
   */
  Outcome execute(String key, String fingerprint, Supplier<SandboxResponse> work) {
    if (key == null) {
      return new Outcome(work.get(), false, true);
    }
    Slot slot = slots.computeIfAbsent(key, k -> new Slot());
    synchronized (slot) {
      if (slot.answer != null) {
        return new Outcome(slot.answer, true, Objects.equals(slot.fingerprint, fingerprint));
      }
      SandboxResponse answer = work.get();
      slot.fingerprint = fingerprint;
      slot.answer = answer;
      return new Outcome(answer, false, true);
    }
  }

  void clear() {
    slots.clear();
  }
}
