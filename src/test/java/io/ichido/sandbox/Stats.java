package io.ichido.sandbox;

import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.LongAdder;

/**
 * Requests per gateway and applied faults per mode, to check that chaos really happened; and the
 * trace context ({@code traceparent}) of the latest requests, to check that the server's traces
 * reach the gateways.
 */
final class Stats {

  private static final int TRACED_KEPT = 500;

  /** One request that arrived with a trace context. */
  record Traced(String gateway, String method, String path, String traceparent) {}

  private final Deque<Traced> traced = new ConcurrentLinkedDeque<>();

  private final ConcurrentHashMap<String, LongAdder> requests = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, LongAdder> faults = new ConcurrentHashMap<>();

  void request(String gateway) {
    requests.computeIfAbsent(gateway, g -> new LongAdder()).increment();
  }

  void request(SandboxRequest request, String gateway) {
    request(gateway);
    String traceparent = request.header("traceparent");
    if (traceparent != null) {
      traced.addLast(new Traced(gateway, request.method(), request.path(), traceparent));
      while (traced.size() > TRACED_KEPT) {
        traced.pollFirst();
      }
    }
  }

  List<Traced> traced() {
    return new ArrayList<>(traced);
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
    traced.clear();
  }

  private static Map<String, Long> snapshot(Map<String, LongAdder> counters) {
    Map<String, Long> copy = new TreeMap<>();
    counters.forEach((name, counter) -> copy.put(name, counter.sum()));
    return copy;
  }
}
