package io.ichido.payments.gateway.stripe;

/** Something on the wire that Stripe's document does not allow, and where it was. */
record Mismatch(String where, String problem) {

  @Override
  public String toString() {
    return where + ": " + problem;
  }
}
