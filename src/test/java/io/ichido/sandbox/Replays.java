package io.ichido.sandbox;

import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * A gateway's idempotency promise: the first answer under a key is kept and every later request
 * with that key gets it again instead of doing the work twice. What a request meets while the first
 * one under its key is still being processed depends on the gateway: Stripe and KOMOJU answer 409
 * at once ({@link WhileInFlight#CONFLICT}, their documented behaviour and the weaker one for a
 * client), others may make it wait for the first answer.
 */
final class Replays {

  /** What a request meets while another one under its key is being processed. */
  enum WhileInFlight {
    WAIT,
    CONFLICT
  }

  /**
   * What one request under a key got. {@code sameRequest} is false for a reused key; {@code
   * inFlight} is true (and {@code response} null) when another request under the key was still
   * being processed.
   */
  record Outcome(
      SandboxResponse response, boolean replayed, boolean sameRequest, boolean inFlight) {

    static Outcome conflict() {
      return new Outcome(null, false, true, true);
    }
  }

  private static final class Slot {
    private String fingerprint;
    private SandboxResponse answer;
    private boolean inFlight;
  }

  private final WhileInFlight whileInFlight;
  private final ConcurrentHashMap<String, Slot> slots = new ConcurrentHashMap<>();

  Replays(WhileInFlight whileInFlight) {
    this.whileInFlight = whileInFlight;
  }

  /**
   * Runs {@code work} unless {@code key} already has an answer. Without a key the work always runs,
   * as at the real gateways. {@code fingerprint} identifies the request's parameters. A request
   * slowed by a {@code slow} fault ({@link SlowProcessing}) holds its key in flight meanwhile.
   */
  Outcome execute(String key, String fingerprint, Supplier<SandboxResponse> work) {
    if (key == null) {
      SlowProcessing.now();
      return new Outcome(work.get(), false, true, false);
    }
    Slot slot = slots.computeIfAbsent(key, k -> new Slot());
    synchronized (slot) {
      while (true) {
        if (slot.answer != null) {
          return new Outcome(
              slot.answer, true, Objects.equals(slot.fingerprint, fingerprint), false);
        }
        if (!slot.inFlight) {
          break;
        }
        if (whileInFlight == WhileInFlight.CONFLICT) {
          return Outcome.conflict();
        }
        try {
          slot.wait();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IllegalStateException("Interrupted while a request under its key ran", e);
        }
      }
      slot.inFlight = true;
    }
    SandboxResponse answer = null;
    try {
      SlowProcessing.now();
      answer = work.get();
      return new Outcome(answer, false, true, false);
    } finally {
      synchronized (slot) {
        slot.inFlight = false;
        if (answer != null) {
          slot.fingerprint = fingerprint;
          slot.answer = answer;
        }
        slot.notifyAll();
      }
    }
  }

  void clear() {
    slots.clear();
  }
}
