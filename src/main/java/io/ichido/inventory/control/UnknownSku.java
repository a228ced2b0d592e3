package io.ichido.inventory.control;

import io.ichido.platform.control.ProblemException;

/** No product or stock with this SKU. */
public class UnknownSku extends ProblemException {

  public UnknownSku(String sku) {
    super(404, "unknown-sku", "Unknown SKU", "There is no product with SKU " + sku + ".");
  }
}
