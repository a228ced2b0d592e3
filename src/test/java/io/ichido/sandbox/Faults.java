package io.ichido.sandbox;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.function.Predicate;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Decides which request misbehaves: queued faults first, in the order they were queued, then chaos.
 * Chaos draws from one seeded generator, so a run with one request at a time repeats.
 */
final class Faults {

  private static final Logger LOG = Logger.getLogger(Faults.class.getName());

  private final Stats stats;
  private final List<Queued> queued = new ArrayList<>();
  private Chaos chaos;
  private Random random;

  private static final class Queued {
    private final Fault fault;
    private int remaining;

    private Queued(Fault fault) {
      this.fault = fault;
      this.remaining = fault.times();
    }
  }

  Faults(Stats stats) {
    this.stats = stats;
  }

  synchronized void queue(Fault fault) {
    queued.add(new Queued(fault));
  }

  synchronized List<Fault> queued() {
    return queued.stream().map(q -> q.fault.withTimes(q.remaining)).toList();
  }

  synchronized void chaos(Chaos chaos) {
    this.chaos = chaos;
    this.random = chaos == null ? null : chaos.random();
  }

  synchronized Chaos chaos() {
    return chaos;
  }

  synchronized void clear() {
    queued.clear();
    chaos(null);
  }

  /**
   * The fault this request gets, if any; a queued fault is used up by it. {@code applies} says
   * which modes this request can take: a fault of another mode is left for a later request.
   */
  synchronized Optional<Fault> next(String gateway, String key, Predicate<FaultMode> applies) {
    Optional<Fault> fault =
        fromQueue(gateway, key, applies)
            .or(() -> fromChaos(gateway).filter(f -> applies.test(f.mode())));
    fault.ifPresent(
        f -> {
          stats.fault(f.mode());
          LOG.log(Level.INFO, "Fault {0} on {1}", new Object[] {f.mode().wireName(), gateway});
        });
    return fault;
  }

  private Optional<Fault> fromQueue(String gateway, String key, Predicate<FaultMode> applies) {
    for (Iterator<Queued> it = queued.iterator(); it.hasNext(); ) {
      Queued q = it.next();
      if (q.fault.matches(gateway, key) && applies.test(q.fault.mode())) {
        if (--q.remaining == 0) {
          it.remove();
        }
        return Optional.of(q.fault);
      }
    }
    return Optional.empty();
  }

  private Optional<Fault> fromChaos(String gateway) {
    if (chaos == null || random.nextDouble() >= chaos.probability()) {
      return Optional.empty();
    }
    FaultMode mode = chaos.modes().get(random.nextInt(chaos.modes().size()));
    return Optional.of(new Fault(gateway, Fault.ANY, mode, 1, chaos.delayMillis()));
  }
}
