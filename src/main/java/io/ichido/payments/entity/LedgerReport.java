package io.ichido.payments.entity;

import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Whether every order's ledger of money keeps its rules, and each rule broken.
 *
 * @param balanced whether every rule holds for every order
 * @param movements the ledger's rows read
 * @param problems the broken rules, at most a bounded number
 */
@Schema(
    name = "LedgerReport",
    description =
        "Whether every order's ledger of money keeps its rules, and each rule broken (at most 50).")
public record LedgerReport(boolean balanced, long movements, List<Problem> problems) {

  public LedgerReport {
    problems = List.copyOf(problems);
  }

  /** One broken rule about one attempt. */
  @Schema(
      name = "LedgerProblem",
      description = "One rule of an order's ledger of money that one attempt breaks.")
  public record Problem(String rule, long orderId, long attemptId, String detail) {}
}
