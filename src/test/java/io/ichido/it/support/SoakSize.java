package io.ichido.it.support;

/**
 * How many orders a soak runs. {@code ./mvnw verify} (and CI) runs each soak at the smallest size
 * that still proves what its class says it proves; {@code ./mvnw verify -Psoak} (the system
 * property {@code ichido.soak=full}) runs the large sizes the soaks were first written with, for a
 * change that touches what they stress. docs/testing.md lists each soak, what it proves and both
 * sizes.
 */
public final class SoakSize {

  private SoakSize() {}

  /** {@code proving} in a normal run, {@code full} with {@code -Psoak}. */
  public static int of(int proving, int full) {
    return full() ? full : proving;
  }

  /** Whether this run soaks at the large sizes. */
  public static boolean full() {
    return "full".equals(System.getProperty("ichido.soak"));
  }
}
