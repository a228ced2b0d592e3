package io.ichido.platform.control;

/** Bounds of the amounts a request may name, in the currency's smallest unit (whole yen). */
public final class Amounts {

  /**
   * The largest amount a charge, refund or correction may name: eight digits, the most Stripe takes
   * in any currency (99,999,999 of its smallest unit); no gateway here takes more in one payment. A
   * larger amount is a 400 as sent, never passed on for a gateway to refuse.
   */
  public static final long LARGEST = 99_999_999L;

  private Amounts() {}
}
