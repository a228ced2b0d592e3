package io.ichido.audit.boundary;

import static org.assertj.core.api.Assertions.assertThat;

import io.ichido.audit.entity.LoggedEntry;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class LogCsvTest {

  private static final List<String> COLUMNS = List.of(LogCsv.HEADER.split(","));

  /** Columns whose values are numbers or times the application makes: nothing to inject. */
  private static final Set<String> NOT_TEXT =
      Set.of("seq", "logged_at", "order_id", "amount", "corrects");

  /** What a spreadsheet takes for the start of a formula (tab and CR as OWASP lists them). */
  private static final List<String> FORMULA_STARTS = List.of("=", "+", "-", "@", "\t", "\r");

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

  /** An entry with {@code value} in the text column {@code column}, plain values elsewhere. */
  private static LoggedEntry entryWith(String column, String value) {
    UnaryOperator<String> text = name -> name.equals(column) ? value : "plain-" + name;
    return new LoggedEntry(
        7,
        Instant.parse("2026-11-30T00:00:00Z"),
        text.apply("kind"),
        42L,
        text.apply("counterparty"),
        100L,
        text.apply("currency"),
        text.apply("gateway"),
        text.apply("charge_id"),
        text.apply("idempotency_key"),
        text.apply("status"),
        text.apply("actor"),
        text.apply("details"),
        text.apply("tax"),
        5L,
        text.apply("prev_hash"),
        text.apply("hash"));
  }

  /** One record of RFC 4180 text (quoted cells may hold commas, quotes, CR and LF). */
  private static List<String> cells(String row) {
    List<String> cells = new ArrayList<>();
    StringBuilder cell = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < row.length(); i++) {
      char c = row.charAt(i);
      if (quoted) {
        if (c == '"' && i + 1 < row.length() && row.charAt(i + 1) == '"') {
          cell.append('"');
          i++;
        } else if (c == '"') {
          quoted = false;
        } else {
          cell.append(c);
        }
      } else if (c == '"' && cell.isEmpty()) {
        quoted = true;
      } else if (c == ',') {
        cells.add(cell.toString());
        cell.setLength(0);
      } else if (c == '\r' && row.startsWith("\r\n", i) && i + 2 == row.length()) {
        break;
      } else {
        cell.append(c);
      }
    }
    cells.add(cell.toString());
    return cells;
  }

  static Stream<Arguments> textCellsAndFormulaStarts() {
    return COLUMNS.stream()
        .filter(column -> !NOT_TEXT.contains(column))
        .flatMap(column -> FORMULA_STARTS.stream().map(start -> Arguments.of(column, start)));
  }

  @ParameterizedTest(name = "{0} starting with {1}")
  @MethodSource("textCellsAndFormulaStarts")
  @DisplayName("every text cell a spreadsheet would run as a formula gets a leading apostrophe")
  void everyTextCellGuarded(String column, String start) throws Exception {
    String value = start + "HYPERLINK(\"http://evil\",\"a,b\")";

    List<String> cells = cells(csv(entryWith(column, value)));

    assertThat(cells).hasSameSizeAs(COLUMNS);
    assertThat(cells.get(COLUMNS.indexOf(column))).isEqualTo("'" + value);
    for (int i = 0; i < COLUMNS.size(); i++) {
      assertThat(cells.get(i)).as(COLUMNS.get(i)).doesNotStartWith(start);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"a,b", "say \"hi\"", "two\nlines", "cr\rhere", "\"", ",", "plain text"})
  @DisplayName("commas, quotes, CR and LF are quoted RFC 4180's way and read back unchanged")
  void quoting(String value) throws Exception {
    String row = csv(entryWith("counterparty", value));

    assertThat(cells(row).get(COLUMNS.indexOf("counterparty"))).isEqualTo(value);
    boolean needsQuotes =
        value.chars().anyMatch(c -> c == ',' || c == '"' || c == '\n' || c == '\r');
    String written = needsQuotes ? '"' + value.replace("\"", "\"\"") + '"' : value;
    assertThat(row).contains("," + written + ",");
  }

  @Test
  @DisplayName("a guarded formula that also needs quotes: apostrophe inside the quotes")
  void formulasGuarded() throws Exception {
    String row = csv(entry("=HYPERLINK(\"http://evil\")", "+81 Taro", 100));

    assertThat(row).contains(",\"'=HYPERLINK(\"\"http://evil\"\")\",");
    assertThat(row).contains(",'+81 Taro,");
    assertThat(row).doesNotContain(",=").doesNotContain(",+");
  }

  @Test
  @DisplayName("numbers stay numbers, negative ones included; an empty cell stays empty")
  void numbersKept() throws Exception {
    String row = csv(entry("PAID", "Hanako", -500));

    assertThat(row).startsWith("7,2026-11-30T00:00:00Z,CORRECTION,42,Hanako,-500,JPY,stripe,");
    assertThat(row).contains("\",,5,aa,bb\r\n");
  }
}
