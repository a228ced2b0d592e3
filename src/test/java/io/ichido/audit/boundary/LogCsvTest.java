package io.ichido.audit.boundary;

import static org.assertj.core.api.Assertions.assertThat;

import io.ichido.audit.entity.LoggedEntry;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class LogCsvTest {

  private static String csv(LoggedEntry entry) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (LogCsv csv = new LogCsv(bytes)) {
      csv.write(entry);
    }
    String text = bytes.toString(StandardCharsets.UTF_8);
    return text.substring(text.indexOf("\r\n") + 2);
  }

  private static LoggedEntry entry(String status, String counterparty, long amount) {
    return new LoggedEntry(
        7,
        Instant.parse("2026-11-30T00:00:00Z"),
        "CORRECTION",
        42L,
        counterparty,
        amount,
        "JPY",
        "stripe",
        "pi_1",
        "key-1",
        status,
        "auditor",
        "{\"reason\":\"x\"}",
        null,
        5L,
        "aa",
        "bb");
  }

  @Test
  @DisplayName("every text cell that a spreadsheet would run as a formula is guarded, ours too")
  void formulasGuarded() throws Exception {
    String row = csv(entry("=HYPERLINK(\"http://evil\")", "+81 Taro", 100));

    assertThat(row).contains(",\"'=HYPERLINK(\"\"http://evil\"\")\",");
    assertThat(row).contains(",'+81 Taro,");
    assertThat(row).doesNotContain(",=").doesNotContain(",+");
  }

  @Test
  @DisplayName("numbers stay numbers, negative ones included")
  void numbersKept() throws Exception {
    String row = csv(entry("PAID", "Hanako", -500));

    assertThat(row).startsWith("7,2026-11-30T00:00:00Z,CORRECTION,42,Hanako,-500,JPY,stripe,");
    assertThat(row).contains(",5,aa,bb\r\n");
  }
}
