package io.ichido.idempotency.control;

/**
 * The request ran past its lease and another request took the key over. Its work must not commit:
 * throwing this inside the endpoint's transaction rolls it back.
 */
public class LeaseLost extends KeyInUse {

  public LeaseLost() {
    super(1);
  }
}
