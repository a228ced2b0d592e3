package io.ichido.receipts.control;

import io.ichido.orders.entity.OrderDetails;
import io.ichido.receipts.entity.Receipt;
import java.util.List;

/** What a printable receipt page shows: the order and its documents, each original or reprint. */
public record Printout(OrderDetails order, List<Copy> copies) {

  /** One document as printed now; {@code reprint} when its original went out before (再発行). */
  public record Copy(Receipt document, boolean reprint) {}
}
