package io.ichido.payments.boundary;

import java.util.List;

/**
 * Money whose outcome is open now, summed per gateway and currency: how many and how much. Read
 * from the current state, not from the log: in doubt and in review are states, and move on.
 *
 * @param gateway the gateway; null when none is known (an order in review that never charged)
 */
public record OpenAmount(String gateway, String currency, long count, long amount) {

  /** Rows of {@code gateway, currency, count, sum} as a query answers them. */
  public static List<OpenAmount> of(List<Object[]> rows) {
    return rows.stream()
        .map(
            row ->
                new OpenAmount(
                    (String) row[0],
                    ((String) row[1]).trim(),
                    ((Number) row[2]).longValue(),
                    row[3] == null ? 0 : ((Number) row[3]).longValue()))
        .toList();
  }
}
