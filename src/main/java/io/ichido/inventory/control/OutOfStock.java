package io.ichido.inventory.control;

import io.ichido.platform.control.ProblemException;
import java.io.Serial;

/** Fewer units are available than the order asks for. */
public class OutOfStock extends ProblemException {
  @Serial private static final long serialVersionUID = 1L;

  public OutOfStock(String sku, int requested) {
    super(
        409,
        "out-of-stock",
        "Out of stock",
        "Fewer than " + requested + " unit(s) of " + sku + " are available.");
  }
}
