package io.ichido.receipts.control;

import io.ichido.platform.control.ProblemException;
import java.io.Serial;

/** The order exists but has no receipt: it is not paid (yet). */
public class ReceiptNotIssued extends ProblemException {
  @Serial private static final long serialVersionUID = 1L;

  public ReceiptNotIssued(long orderId) {
    super(
        404,
        "receipt-not-issued",
        "No receipt",
        "Order " + orderId + " has no receipt: a receipt is issued when the order is paid.");
  }
}
