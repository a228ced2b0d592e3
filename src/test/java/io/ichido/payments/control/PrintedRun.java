package io.ichido.payments.control;

import net.jqwik.api.lifecycle.AroundPropertyHook;
import net.jqwik.api.lifecycle.PropertyExecutionResult;
import net.jqwik.api.lifecycle.PropertyExecutor;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;

/** Prints what a property run explored and its seed, failed or not, so any run can be replayed. */
public class PrintedRun implements AroundPropertyHook {

  @Override
  public PropertyExecutionResult aroundProperty(
      PropertyLifecycleContext context, PropertyExecutor property) {
    long steps = MoneyWorld.STEPS.get();
    long checks = MoneyWorld.CHECKS.get();
    long started = System.nanoTime();
    PropertyExecutionResult result = property.execute();
    System.out.printf(
        "%s: %s, %d chains, %,d observations decided, %,d invariant checks, seed %s, %.1f s%n",
        context.label(),
        result.status(),
        result.countTries(),
        MoneyWorld.STEPS.get() - steps,
        MoneyWorld.CHECKS.get() - checks,
        result.seed().orElse("?"),
        (System.nanoTime() - started) / 1e9);
    return result;
  }
}
