package io.ichido.payments.gateway.twoc2p;

import static org.assertj.core.api.Assertions.assertThat;

import io.ichido.payments.gateway.twoc2p.TwoC2pCode.Meaning;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TwoC2pCodeTest {

  @ParameterizedTest(name = "{0} is {1}")
  @CsvSource({
    "0000, SUCCESS, true",
    "0001, PENDING, true",
    "0003, CANCELLED, true",
    "0004, DECLINED, true",
    "1001, REDIRECT, true",
    "2000, COMPLETED, true",
    "2001, IN_PROGRESS, true",
    "2002, NOT_FOUND, true",
    "4001, DECLINED, true",
    "4005, DECLINED, true",
    "4051, DECLINED, true",
    "4099, DECLINED, true",
    "4010, OTHER_APPROVAL, true",
    "4009, IN_PROGRESS, true",
    "9015, DUPLICATE_INVOICE, true",
    "9093, DUPLICATE_INVOICE, true",
    "9041, TOKEN_USED, true",
    "9042, REFUSED, true",
    "9993, SYSTEM_ERROR, true",
    "4080, DECLINED, true",
    "4081, DECLINED, true",
    "4110, SETTLED, true",
    "4120, REFUNDED, true",
    "4121, REFUND_REFUSED, true",
    "4122, REFUND_REFUSED, true",
    "4130, CHARGEBACK, true",
    "4200, TOKENIZED, true",
    "5009, EXPIRED, true",
    "9020, EXPIRED, true",
    "1234, UNKNOWN, false"
  })
  void meaningsAndWhetherAnOfficialPageListsThem(String code, Meaning meaning, boolean confirmed) {
    TwoC2pCode entry = TwoC2pCode.of(code);

    assertThat(entry.meaning()).isEqualTo(meaning);
    assertThat(entry.confirmed()).isEqualTo(confirmed);
    assertThat(entry.code()).isEqualTo(code);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"4200", "4010", "4008", "0001", "2001", "1001", "9999"})
  void neitherDeclinedNorPaid(String code) {
    Meaning meaning = TwoC2pCode.of(code).meaning();

    assertThat(meaning.declined()).as("declined").isFalse();
    assertThat(meaning.paid()).as("paid").isFalse();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "0000, true",
    "4110, true",
    "4120, true",
    "4121, true",
    "4122, true",
    "4130, true",
    "4005, false"
  })
  void paidMeansMoneyWasTaken(String code, boolean paid) {
    assertThat(TwoC2pCode.of(code).meaning().paid()).isEqualTo(paid);
  }

  @Test
  @DisplayName(
      "docs/gateway-wire-formats.md lists every code of the table under the meaning the table"
          + " gives it, and no other")
  void theDocumentListsTheTable() throws IOException {
    String doc = Files.readString(Path.of("docs", "gateway-wire-formats.md"));
    String section = doc.substring(doc.indexOf("### What each `respCode` means to Ichido"));
    section = section.substring(0, section.indexOf("\n## "));
    Map<String, TreeSet<String>> documented = new TreeMap<>();
    Matcher row = Pattern.compile("(?m)^\\| ([A-Z_]+) \\| (.+) \\|$").matcher(section);
    while (row.find()) {
      TreeSet<String> codes = documented.computeIfAbsent(row.group(1), m -> new TreeSet<>());
      Pattern.compile("`(\\d{4})`")
          .matcher(row.group(2))
          .results()
          .forEach(c -> codes.add(c.group(1)));
    }

    Map<String, TreeSet<String>> listed =
        TwoC2pCode.listed().values().stream()
            .collect(
                Collectors.groupingBy(
                    code -> code.meaning().name(),
                    TreeMap::new,
                    Collectors.mapping(TwoC2pCode::code, Collectors.toCollection(TreeSet::new))));
    assertThat(documented).isEqualTo(listed);
  }
}
