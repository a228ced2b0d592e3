package io.ichido.sandbox;

import java.util.concurrent.ThreadLocalRandom;

/** Identifiers shaped like each gateway's own. */
final class Ids {

  private static final String ALPHANUMERIC =
      "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

  private Ids() {}

  static String alphanumeric(String prefix, int length) {
    return prefix + pick(ALPHANUMERIC, length);
  }

  static String lowercase(String prefix, int length) {
    return prefix + pick(ALPHANUMERIC.substring(0, 36), length);
  }

  static String digits(int length) {
    return pick(ALPHANUMERIC.substring(0, 10), length);
  }

  private static String pick(String alphabet, int length) {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    StringBuilder id = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      id.append(alphabet.charAt(random.nextInt(alphabet.length())));
    }
    return id.toString();
  }
}
