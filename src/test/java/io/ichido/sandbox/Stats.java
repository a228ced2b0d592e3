package io.ichido.sandbox;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/** Requests per gateway and applied faults per mode, to check that chaos really happened. */
final class Stats {

  private final ConcurrentHashMap<String, LongAdder> requests = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, LongAdder> faults = new ConcurrentHashMap<>();

  void request(String gateway) {
    requests.computeIfAbsent(gateway, g -> new LongAdder()).increment();
  }

  void fault(FaultMode mode) {
    faults.computeIfAbsent(mode.wireName(), m -> new LongAdder()).increment();
  }

  Map<String, Long> requests() {
    return snapshot(requests);
  }

  Map<String, Long> faults() {
    return snapshot(faults);
  }

  void clear() {
    requests.clear();
    faults.clear();
  }

  private static Map<String, Long> snapshot(Map<String, LongAdder> counters) {
    Map<String, Long> copy = new TreeMap<>();
    counters.forEach((name, counter) -> copy.put(name, counter.sum()));
    return copy;
  }
}
