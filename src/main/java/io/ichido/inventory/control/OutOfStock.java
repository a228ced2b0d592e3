package io.ichido.inventory.control;

import io.ichido.platform.control.ProblemException;

/** Fewer units are available than the order asks for. */
public class OutOfStock extends ProblemException {

  public OutOfStock(String sku, int requested) {
    super(
        409,
        "out-of-stock",
        "Out of stock",
        "Fewer than " + requested + " unit(s) of " + sku + " are available.");
  }
}
