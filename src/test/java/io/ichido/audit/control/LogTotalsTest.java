package io.ichido.audit.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The totals' SQL and the index that serves it stay in step. */
class LogTotalsTest {

  @Test
  @DisplayName(
      "the totals filter the money facts by exactly payment_log_money's predicate: PostgreSQL uses"
          + " a partial index only for a query whose condition implies it")
  void predicateIsTheIndexs() throws Exception {
    String changelog = Files.readString(Path.of("liquibase", "audit", "totals.xml"));
    String index =
        changelog.substring(
            changelog.indexOf("WHERE ", changelog.indexOf("CREATE INDEX")) + "WHERE ".length(),
            changelog.indexOf(';', changelog.indexOf("CREATE INDEX")));
    assertThat(oneLine("(" + index + ")")).isEqualTo(oneLine(LogTotals.MONEY));
    assertThat(LogTotals.FACTS).contains(" WHERE " + LogTotals.MONEY + " AND ");
  }

  @Test
  @DisplayName(
      "the totals list the gateways enabled here, then any other the money names (one disabled"
          + " since, or none), never a list written in the code")
  void gatewaysAreTheEnabledOnes() {
    Map<LogTotals.Key, long[]> money =
        Map.of(
            new LogTotals.Key("JPY", "omise"), new long[4],
            new LogTotals.Key("JPY", LogTotals.NONE), new long[4],
            new LogTotals.Key("USD", "paypay"), new long[4]);
    assertThat(LogTotals.gateways(List.of("komoju", "stripe"), "JPY", List.of(money)))
        .startsWith("komoju", "stripe")
        .containsExactlyInAnyOrder("komoju", "stripe", "omise", LogTotals.NONE);
    assertThat(LogTotals.gateways(List.of("komoju"), "USD", List.of(money)))
        .containsExactly("komoju", "paypay");
  }

  private static String oneLine(String sql) {
    return sql.strip().replaceAll("\\s+", " ");
  }
}
