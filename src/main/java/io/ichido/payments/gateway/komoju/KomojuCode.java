package io.ichido.payments.gateway.komoju;

import java.util.Set;

/**
 * What a KOMOJU error answer means for the charge, from its HTTP status and error {@code code}.
 * Sources in {@code docs/gateway-wire-formats.md}: 402 {@code request_failed} and 409 for a key
 * still in flight are documented; {@code card_declined}, {@code insufficient_funds} and {@code
 * fraudulent} as decline codes are not, and are read as declines whatever their status.
 */
public final class KomojuCode {

  /** What the answer says about the customer's payment. */
  public enum Meaning {
    /** The payment was refused (the card, the customer's funds, fraud screening). */
    DECLINED,
    /** The first request under this key is still running: ask again later with the same key. */
    IN_FLIGHT,
    /** Our request itself was refused: nothing was charged under its key. */
    REFUSED
  }

  private static final Set<String> DECLINES =
      Set.of("request_failed", "card_declined", "insufficient_funds", "fraudulent");

  private KomojuCode() {}

  /** The meaning of an error answer with HTTP {@code status} and error {@code code} (or null). */
  public static Meaning of(int status, String code) {
    if (status == 409) {
      return Meaning.IN_FLIGHT;
    }
    if (status == 402 || (code != null && DECLINES.contains(code))) {
      return Meaning.DECLINED;
    }
    return Meaning.REFUSED;
  }
}
