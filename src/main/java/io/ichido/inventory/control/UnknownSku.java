package io.ichido.inventory.control;

import io.ichido.platform.control.ProblemException;
import java.io.Serial;

/** No product or stock with this SKU. */
public class UnknownSku extends ProblemException {
  @Serial private static final long serialVersionUID = 1L;

  public UnknownSku(String sku) {
    super(404, "unknown-sku", "Unknown SKU", "There is no product with SKU " + sku + ".");
  }
}
