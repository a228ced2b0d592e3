package io.ichido.sandbox;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Decides which request misbehaves: queued faults first, in the order they were queued, then chaos.
 * Each chaos draws from its own seeded generator, so a run with one request at a time repeats.
 *
 * <p>Faults and chaos may be scoped to orders ({@link Fault#order}, {@link Chaos#orders}): then
 * only requests about those orders take them. Chaos for an order decides that order's requests
 * alone, instead of the chaos for every order, and setting chaos for an order replaces the order's
 * earlier chaos: an order is under at most one scoped chaos, whose generator sees only the requests
 * of the orders it names.
 */
final class Faults {

  private static final Logger LOG = Logger.getLogger(Faults.class.getName());

  private final Stats stats;
  private final List<Queued> queued = new ArrayList<>();
  private Running unscoped;
  private final List<Running> scoped = new ArrayList<>();

  private static final class Queued {
    private final Fault fault;
    private int remaining;

    private Queued(Fault fault) {
      this.fault = fault;
      this.remaining = fault.times();
    }
  }

  /** One chaos and its generator; a scoped one loses orders as they are calmed. */
  private static final class Running {
    private final Chaos chaos;
    private final Random random;
    private final Set<String> orders;

    private Running(Chaos chaos) {
      this.chaos = chaos;
      this.random = chaos.random();
      this.orders = new LinkedHashSet<>(chaos.orders());
    }

    /** As the control API shows it: with the orders still under it. */
    private Chaos now() {
      return chaos.scoped() ? chaos.withOrders(List.copyOf(orders)) : chaos;
    }

    private Optional<Fault> draw(String gateway, String order) {
      if (random.nextDouble() >= chaos.probability()) {
        return Optional.empty();
      }
      FaultMode mode = chaos.modes().get(random.nextInt(chaos.modes().size()));
      return Optional.of(new Fault(gateway, Fault.ANY, mode, 1, chaos.delayMillis(), order));
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

  /**
   * Starts {@code chaos}: for every request (replacing the chaos for every request), or for its
   * orders (taking them from any chaos that named them before).
   */
  synchronized void chaos(Chaos chaos) {
    if (!chaos.scoped()) {
      unscoped = new Running(chaos);
      return;
    }
    calm(chaos.orders());
    scoped.add(new Running(chaos));
  }

  /** The chaos for every request, or null. */
  synchronized Chaos chaos() {
    return unscoped == null ? null : unscoped.now();
  }

  /** The chaos scoped to orders, oldest first. */
  synchronized List<Chaos> scopedChaos() {
    return scoped.stream().map(Running::now).toList();
  }

  /** Ends every chaos, scoped or not. */
  synchronized void calm() {
    unscoped = null;
    scoped.clear();
  }

  /**
   * Ends chaos for {@code orders}: they leave every scoped chaos that names them, and one left
   * naming none ends. The chaos for every request goes on.
   */
  synchronized void calm(Collection<String> orders) {
    for (Iterator<Running> it = scoped.iterator(); it.hasNext(); ) {
      Running running = it.next();
      running.orders.removeAll(orders);
      if (running.orders.isEmpty()) {
        it.remove();
      }
    }
  }

  /** Forgets every queued fault and ends every chaos. */
  synchronized void clear() {
    queued.clear();
    calm();
  }

  /** Forgets the queued faults scoped to {@code order}; the others and chaos stay. */
  synchronized void clear(String order) {
    queued.removeIf(q -> order.equals(q.fault.order()));
  }

  /**
   * The fault this request gets, if any; a queued fault is used up by it. {@code applies} says
   * which modes this request can take: a fault of another mode is left for a later request. {@code
   * order} tells which order the request is about; it is asked only while something is scoped, as
   * telling may mean reading the gateway's payments (or decrypting 2C2P's maintenance message).
   */
  Optional<Fault> next(
      String gateway, String key, Supplier<Optional<String>> order, Predicate<FaultMode> applies) {
    // Outside the lock: the gateway's own locks are taken to tell the order. A scoped fault
    // queued meanwhile misses this request, as it would have had it arrived a moment later.
    Optional<String> about = anyScoped() ? order.get() : Optional.empty();
    Optional<Fault> fault;
    synchronized (this) {
      fault =
          fromQueue(gateway, key, about, applies)
              .or(() -> fromChaos(gateway, about).filter(f -> applies.test(f.mode())));
    }
    fault.ifPresent(
        f -> {
          stats.fault(f.mode());
          LOG.log(
              Level.INFO,
              "Fault {0} on {1}{2}",
              new Object[] {
                f.mode().wireName(), gateway, about.map(o -> " (order " + o + ")").orElse("")
              });
        });
    return fault;
  }

  private synchronized boolean anyScoped() {
    return !scoped.isEmpty() || queued.stream().anyMatch(q -> q.fault.scoped());
  }

  private Optional<Fault> fromQueue(
      String gateway, String key, Optional<String> order, Predicate<FaultMode> applies) {
    for (Iterator<Queued> it = queued.iterator(); it.hasNext(); ) {
      Queued q = it.next();
      if (q.fault.matches(gateway, key, order) && applies.test(q.fault.mode())) {
        if (--q.remaining == 0) {
          it.remove();
        }
        return Optional.of(q.fault);
      }
    }
    return Optional.empty();
  }

  private Optional<Fault> fromChaos(String gateway, Optional<String> order) {
    if (order.isPresent()) {
      for (Running running : scoped) {
        if (running.orders.contains(order.get())) {
          return running.draw(gateway, order.get());
        }
      }
    }
    return unscoped == null ? Optional.empty() : unscoped.draw(gateway, null);
  }
}
